package dev.serialboost.it.loaderlab;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.lang.ref.WeakReference;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Class loaders let go of: after each scenario drops every reference of its own to a loader, a weak reference to the
 * loader must clear within {@value #GC_ATTEMPTS} {@code System.gc()} calls, with no other read in between. One line
 * per scenario, {@code collected} or how it failed; {@code LoaderExactnessIT} requires every line to say {@code
 * collected}, without the agent and with it. Run with {@code -XX:SoftRefLRUPolicyMSPerMB=0}: the JDK's own
 * descriptor caches hold their descriptors softly.
 */
public final class LoaderLeaks {

    static final int GC_ATTEMPTS = 30;

    private static final URL CLASSES = LoaderLeaks.class.getProtectionDomain().getCodeSource().getLocation();
    /** Keeps a loader reachable on purpose while a scenario checks that another one goes. */
    private static final List<Object> KEPT = new ArrayList<>();

    private LoaderLeaks() {
    }

    public static void main(final String[] args) throws Exception {
        report("worker-thread-of-the-application-ended", workerThread());
        report("thread-with-the-application-as-context-loader-ended", contextLoaderThread());
        report("descriptor-of-one-loader-bound-to-a-class-of-another", crossLoaderDescriptor());
        report("resolving-subclass-in-many-threads", resolvingSubclassThreads());
        report("failed-write-on-a-thread-that-goes-on", failedWrite());
        KEPT.clear();
    }

    private static void report(final String scenario, final WeakReference<ClassLoader> loader) throws Exception {
        int attempts = 0;
        while (loader.get() != null && attempts < GC_ATTEMPTS) {
            System.gc();
            Thread.sleep(20);
            attempts++;
            // the JDK's descriptor caches (JDK 18 on) let a cleared entry's class go only when their next look-up
            // drains their reference queue, as the application's next serialization would: a descriptor of a class
            // not described before drains both (its own and its field reflector's), without a read
            ObjectStreamClass.lookup(Array.newInstance(Integer.class, new int[attempts]).getClass());
        }
        System.out.println("collected " + scenario + ": " + (loader.get() == null ? "yes"
                : "no, still reachable after " + GC_ATTEMPTS + " System.gc() calls"));
        String dump = System.getProperty("loaderlab.dump");
        if (loader.get() != null && dump != null) {
            // to find what keeps it: a heap dump, which a heap analyser's path to GC roots explains
            java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .dumpHeap(dump + "-" + scenario + ".hprof", true);
        }
    }

    private static LabLoader newLoader(final String name) {
        return new LabLoader(name, CLASSES, LoaderLeaks.class.getClassLoader(), LoaderSuite.MODEL, Set.of(),
                Map.of());
    }

    /** A graph of the loader's classes, written by its own code. */
    private static byte[] graph(final ClassLoader loader) throws Exception {
        Class<?> factory = Class.forName(LoaderSuite.MODEL + "Factory", true, loader);
        Object graph = factory.getMethod("holder", Object.class, Object.class).invoke(null,
                factory.getMethod("collections").invoke(null), factory.getMethod("proxy", String.class)
                        .invoke(null, "leak"));
        return (byte[]) factory.getMethod("write", Object[].class).invoke(null, (Object) new Object[] {graph});
    }

    private static WeakReference<ClassLoader> workerThread() throws Exception {
        LabLoader loader = newLoader("worker");
        Thread worker = (Thread) Class.forName(LoaderSuite.MODEL + "Worker", true, loader)
                .getConstructor(byte[].class).newInstance((Object) graph(loader));
        worker.start();
        worker.join();
        check(worker.getClass().getField("read").getInt(worker) == 1, "the worker read nothing");
        loader.close();
        return new WeakReference<>(loader);
    }

    private static WeakReference<ClassLoader> contextLoaderThread() throws Exception {
        LabLoader loader = newLoader("context");
        byte[] bytes = graph(loader);
        Method readAll = Class.forName(LoaderSuite.MODEL + "Reader", true, loader).getMethod("readAll",
                byte[].class);
        Object[] result = new Object[1];
        Thread thread = new Thread(() -> {
            try {
                result[0] = readAll.invoke(null, (Object) bytes);
            } catch (ReflectiveOperationException e) {
                result[0] = e;
            }
        });
        thread.setContextClassLoader(loader);
        thread.start();
        thread.join();
        check(result[0] instanceof List<?> list && list.size() == 1, "the thread read " + result[0]);
        loader.close();
        return new WeakReference<>(loader);
    }

    /**
     * A stream class that migrates as frameworks do: its {@code readClassDescriptor} answers the local descriptor of
     * loader A's class of the same name, its {@code resolveClass} loader B's class. B stays; A must go.
     */
    private static WeakReference<ClassLoader> crossLoaderDescriptor() throws Exception {
        LabLoader a = newLoader("descriptor-from");
        LabLoader b = newLoader("class-from");
        KEPT.add(b);
        byte[] bytes = graph(b);
        for (int i = 0; i < 3; i++) {
            String outcome;
            try (ObjectInputStream in = new CrossLoaderStream(new ByteArrayInputStream(bytes), a, b)) {
                Object o = in.readObject();
                outcome = o.getClass().getClassLoader() == b ? "ok" : "a class of " + o.getClass().getClassLoader();
            } catch (IOException | ClassNotFoundException | RuntimeException e) {
                outcome = "failed " + e;
            }
            System.out.println("read descriptor-of-one-loader-bound-to-a-class-of-another#" + i + ": " + outcome);
        }
        a.close();
        return new WeakReference<>(a);
    }

    /**
     * A top-level write of an object of the loader's class fails (a field holds an object that is not serializable) on
     * this thread, which goes on: nothing the failed write began may keep the stream or the class reachable.
     */
    private static WeakReference<ClassLoader> failedWrite() throws Exception {
        LabLoader loader = newLoader("failed-write");
        Class<?> factory = Class.forName(LoaderSuite.MODEL + "Factory", true, loader);
        Object graph = factory.getMethod("holder", Object.class, Object.class).invoke(null,
                factory.getMethod("collections").invoke(null), new Object());
        try (ObjectOutputStream out = new ObjectOutputStream(new ByteArrayOutputStream())) {
            out.writeObject(graph);
            check(false, "a graph with an Object in it was written");
        } catch (NotSerializableException expected) {
            System.out.println("write failed-write-on-a-thread-that-goes-on: " + expected);
        }
        graph = null;
        loader.close();
        return new WeakReference<>(loader);
    }

    /** Many threads read through a {@code resolveClass} override of the loader; then nothing refers to it. */
    private static WeakReference<ClassLoader> resolvingSubclassThreads() throws Exception {
        LabLoader loader = newLoader("resolving");
        byte[] bytes = graph(loader);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            threads.add(new Thread(() -> {
                for (int i = 0; i < 50; i++) {
                    try (ObjectInputStream in = new CrossLoaderStream(new ByteArrayInputStream(bytes), null, loader)) {
                        in.readObject();
                    } catch (IOException | ClassNotFoundException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }));
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        loader.close();
        return new WeakReference<>(loader);
    }

    private static void check(final boolean ok, final String problem) {
        if (!ok) {
            throw new IllegalStateException(problem);
        }
    }

    /**
     * Resolves every class in {@code classes}; where {@code descriptors} is set, answers each class descriptor of the
     * model package with the local descriptor of that loader's class of the same name (a class-rename migration).
     */
    private static final class CrossLoaderStream extends ObjectInputStream {
        private final ClassLoader descriptors;
        private final ClassLoader classes;

        CrossLoaderStream(final InputStream in, final ClassLoader descriptors, final ClassLoader classes)
                throws IOException {
            super(in);
            this.descriptors = descriptors;
            this.classes = classes;
        }

        @Override
        protected ObjectStreamClass readClassDescriptor() throws IOException, ClassNotFoundException {
            ObjectStreamClass read = super.readClassDescriptor();
            if (descriptors == null || !read.getName().startsWith(LoaderSuite.MODEL)) {
                return read;
            }
            return ObjectStreamClass.lookup(Class.forName(read.getName(), false, descriptors));
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, classes);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
