package dev.serialboost.agent.install;

import dev.serialboost.agent.StderrReport;
import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.ClassHierarchy;
import dev.serialboost.transformer.converted.Transformation;
import dev.serialboost.transformer.kit.ClassFileSource;

import java.io.IOException;
import java.io.Serializable;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.BiFunction;

/**
 * The {@link ClassFileTransformer} the agent registers: a cheap name check first, then the transformer
 * library, with one {@link ClassHierarchy} per class loader (held weakly, so discarded loaders are
 * collected). Never throws and never changes a class it cannot convert; re-entrant loads (a class loaded
 * while this transformer reads class files) are left alone, as Byte Buddy's circularity lock does.
 *
 * <p>Registered without retransformation: its output is then the class file every later retransformation (another
 * agent's) starts from, so a converted class keeps its members, and the JVM keeps no copy of the class file as it was.
 * (Registered retransformation-capable beside the engine's transformers, so that the JVM would hand each class load to
 * the agent once instead of twice, it measured no faster: JDK 17, 4,204 library classes, {@code convert=all}.)
 */
public final class ConvertingTransformer implements ClassFileTransformer {

    /** Prefixes (internal names) never worth parsing: {@code java.}, the agent itself, common bytecode libraries. */
    private static final String[] IGNORED = {
        "java/", "dev/serialboost/agent/", "dev/serialboost/runtime/",
        "dev/serialboost/transformer/", "dev/serialboost/shaded/", "net/bytebuddy/", "org/objectweb/asm/",
    };
    private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();

    private final ClassConverter transformer;
    private final StderrReport report;
    private final Path dump;
    private final Set<String> loadedBeforeAgent;
    private final Map<ClassLoader, ClassHierarchy> hierarchies = Collections.synchronizedMap(new WeakHashMap<>());
    private final ClassHierarchy bootHierarchy;
    private volatile Last last;
    /**
     * Per thread, whether this transformer is at work on it (then a class it causes to load is left alone): a
     * holder set once per thread, so that leaving is a plain store, which cannot fail for lack of stack.
     */
    private final ThreadLocal<boolean[]> busy = ThreadLocal.withInitial(() -> new boolean[1]);

    /**
     * Registers a converting transformer for the classes that load from now on: the classes loaded before it are
     * left as they are (told by their names), and the JDK's loaded classes are read from the JVM instead of from
     * their class files ({@link ClassHierarchy#useLoadedJdkClasses}).
     *
     * @param attached whether the agent was attached to a running JVM, when the serializable classes already
     *                 loaded are counted (they stay unconverted)
     * @return how many serializable classes were loaded already and stay unconverted (0 unless attached)
     */
    public static int register(final Instrumentation inst, final ClassConverter converter, final StderrReport report,
                               final Path dump, final boolean attached) {
        Set<String> loaded = new HashSet<>();
        Map<String, Class<?>> loadedJdk = new HashMap<>();
        int loadedSerializable = 0;
        for (Class<?> c : inst.getAllLoadedClasses()) {
            String name = c.getName().replace('.', '/');
            loaded.add(name);
            ClassLoader loader = c.getClassLoader();
            if ((loader == null || loader == PLATFORM) && !c.isArray() && !c.isHidden()
                    && (name.startsWith("java/") || ClassHierarchy.hasJdkPackageName(name))) {
                loadedJdk.put(name, c);
            }
            if (attached && Serializable.class.isAssignableFrom(c) && !c.isArray() && !c.isPrimitive()
                    && !ignored(name, loader)) {
                loadedSerializable++;
            }
        }
        ClassHierarchy.useLoadedJdkClasses(loadedJdk);
        inst.addTransformer(new ConvertingTransformer(converter, report, dump, loaded), false);
        return loadedSerializable;
    }

    public ConvertingTransformer(final ClassConverter transformer, final StderrReport report, final Path dump,
                                 final Set<String> loadedBeforeAgent) {
        this.transformer = transformer;
        this.report = report;
        this.dump = dump;
        this.loadedBeforeAgent = Set.copyOf(loadedBeforeAgent);
        this.bootHierarchy = transformer.newHierarchy(ClassFileSource.of(null), this.loadedBeforeAgent::contains);
    }

    /**
     * Whether a class is let through unread: see {@link #IGNORED}; and a class named like the JDK's
     * ({@code javax.} and the like) when the JDK's own loaders define it. The same names from any other loader are
     * an ordinary jar's (JCache, jsr305, JAXB) and are looked at like any class.
     */
    public static boolean ignored(final String internalName, final ClassLoader loader) {
        for (String prefix : IGNORED) {
            if (internalName.startsWith(prefix)) {
                return true;
            }
        }
        return (loader == null || loader == PLATFORM) && ClassHierarchy.hasJdkPackageName(internalName);
    }

    /**
     * Never throws, not even with the thread's stack nearly exhausted (a class loading deep in a recursion): then
     * the class loads as it is, and the failure is counted and told only if there is stack enough left for that.
     */
    @Override
    public byte[] transform(final ClassLoader loader, final String className, final Class<?> classBeingRedefined,
                            final ProtectionDomain protectionDomain, final byte[] classfileBuffer) {
        try {
            return convert(loader, className, classBeingRedefined, classfileBuffer);
        } catch (Throwable t) {
            // only a StackOverflowError (or an OutOfMemoryError) gets here: convert reports everything else
            return null;
        }
    }

    private byte[] convert(final ClassLoader loader, final String className, final Class<?> classBeingRedefined,
                           final byte[] classfileBuffer) {
        // hidden classes and lambdas have no name here; loaded classes cannot gain methods on retransformation
        if (className == null || classBeingRedefined != null || ignored(className, loader)) {
            return null;
        }
        boolean[] working = busy.get();
        if (working[0]) {
            return null;
        }
        working[0] = true;
        try {
            long start = System.nanoTime();
            Transformation t = transformer.transform(classfileBuffer, hierarchyFor(loader));
            report.decided(t.decision(), System.nanoTime() - start);
            byte[] converted = t.bytes().orElse(null);
            if (converted != null && dump != null) {
                write(className, converted);
            }
            return converted;
        } catch (Throwable t) {
            report.failed(className, t);
            return null;
        } finally {
            working[0] = false;
        }
    }

    private ClassHierarchy hierarchyFor(final ClassLoader loader) {
        if (loader == null) {
            return bootHierarchy;
        }
        Last recent = last;
        if (recent != null && recent.loader.get() == loader) {
            return recent.hierarchy;
        }
        // no computeIfAbsent: its function would be a new lambda at every class load
        synchronized (hierarchies) {
            ClassHierarchy known = hierarchies.get(loader);
            if (known == null) {
                known = transformer.newHierarchy(new WeakLoaderSource(loader), loadedBeforeAgent::contains);
                hierarchies.put(loader, known);
            }
            last = new Last(new WeakReference<>(loader), known);
            return known;
        }
    }

    /**
     * The hierarchy asked for last and its loader, held weakly as in {@link #hierarchies}: most classes load through
     * the loader of the class before them, which then costs no lock and no lookup.
     */
    private record Last(WeakReference<ClassLoader> loader, ClassHierarchy hierarchy) {
    }

    private void write(final String className, final byte[] bytes) {
        Path file = dump.resolve(className + ".class");
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
        } catch (IOException e) {
            report.failed(className, new IOException("cannot dump to " + file + ": " + e, e));
        }
    }

    /**
     * Reads class files through a loader without keeping it alive: where loading finds them when the runtime's
     * {@code ClassPathFiles} can tell (the JDK's own loaders and plain {@code URLClassLoader}s), else as resources.
     */
    private static final class WeakLoaderSource implements ClassFileSource {
        private final WeakReference<ClassLoader> loader;

        WeakLoaderSource(final ClassLoader loader) {
            this.loader = new WeakReference<>(loader);
        }

        @Override
        public byte[] read(final String internalName) {
            ClassLoader l = loader.get();
            if (l == null) {
                return null;
            }
            BiFunction<ClassLoader, String, byte[]> classPath = ClassPathReader.READER;
            if (classPath != null) {
                byte[] bytes = classPath.apply(l, internalName);
                if (bytes == null || bytes.length > 0) {
                    return bytes; // an empty array is the runtime's "cannot tell"
                }
            }
            return ClassFileSource.of(l).read(internalName);
        }
    }

    /**
     * The runtime's class-file reader ({@code ClassPathFiles}), handed back when the runtime was installed; null when
     * the runtime cannot read class paths on this JVM (its internals are not the ones it knows).
     */
    private static final class ClassPathReader {
        static final BiFunction<ClassLoader, String, byte[]> READER = RuntimeInstaller.classPathReader();
    }
}
