package dev.serialboost.agent;

import dev.serialboost.transformer.ClassFileSource;
import dev.serialboost.transformer.ClassHierarchy;
import dev.serialboost.transformer.SerialboostTransformer;
import dev.serialboost.transformer.Transformation;

import java.io.IOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * The {@link ClassFileTransformer} the agent registers: a cheap name check first, then the transformer
 * library, with one {@link ClassHierarchy} per class loader (held weakly, so discarded loaders are
 * collected). Never throws and never changes a class it cannot convert; re-entrant loads (a class loaded
 * while this transformer reads class files) are left alone, as Byte Buddy's circularity lock does.
 */
final class ConvertingTransformer implements ClassFileTransformer {

    /** Prefixes (internal names) never worth parsing: {@code java.}, the agent itself, common bytecode libraries. */
    private static final String[] IGNORED = {
        "java/", "dev/serialboost/agent/", "dev/serialboost/runtime/",
        "dev/serialboost/transformer/", "dev/serialboost/shaded/", "net/bytebuddy/", "org/objectweb/asm/",
    };
    private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();

    private final SerialboostTransformer transformer;
    private final Report report;
    private final Path dump;
    private final Set<String> loadedBeforeAgent;
    private final Map<ClassLoader, ClassHierarchy> hierarchies = Collections.synchronizedMap(new WeakHashMap<>());
    private final ClassHierarchy bootHierarchy;
    /**
     * Per thread, whether this transformer is at work on it (then a class it causes to load is left alone): a
     * holder set once per thread, so that leaving is a plain store, which cannot fail for lack of stack.
     */
    private final ThreadLocal<boolean[]> busy = ThreadLocal.withInitial(() -> new boolean[1]);

    ConvertingTransformer(final SerialboostTransformer transformer, final Report report, final Path dump,
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
    static boolean ignored(final String internalName, final ClassLoader loader) {
        for (String prefix : IGNORED) {
            if (internalName.startsWith(prefix)) {
                return true;
            }
        }
        return ClassHierarchy.hasJdkPackageName(internalName)
                && (loader == null || loader == PLATFORM);
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
        // no computeIfAbsent: its function would be a new lambda at every class load
        synchronized (hierarchies) {
            ClassHierarchy known = hierarchies.get(loader);
            if (known == null) {
                known = transformer.newHierarchy(new WeakLoaderSource(loader), loadedBeforeAgent::contains);
                hierarchies.put(loader, known);
            }
            return known;
        }
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

    /** Reads class files through a loader without keeping it alive. */
    private static final class WeakLoaderSource implements ClassFileSource {
        private final WeakReference<ClassLoader> loader;

        WeakLoaderSource(final ClassLoader loader) {
            this.loader = new WeakReference<>(loader);
        }

        @Override
        public byte[] read(final String internalName) {
            ClassLoader l = loader.get();
            return l == null ? null : ClassFileSource.of(l).read(internalName);
        }
    }
}
