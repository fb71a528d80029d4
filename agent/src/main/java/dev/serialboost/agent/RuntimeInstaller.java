package dev.serialboost.agent;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.Enumeration;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Makes {@code dev.serialboost.runtime}, which generated code calls, visible to every class loader by
 * defining it in the bootstrap loader, and opens {@code jdk.internal.misc} to it so final fields can be
 * restored without {@code sun.misc.Unsafe} (no JDK 24+ warning, no user flag). The classes are defined
 * directly rather than appended to the bootstrap class path, which would make the JVM warn that class
 * data sharing is restricted.
 */
final class RuntimeInstaller {

    static final String RUNTIME_PACKAGE = "dev/serialboost/runtime/";
    private static final String PROBE = RUNTIME_PACKAGE + "SerialboostRuntime.class";
    private static final String RUNTIME = "dev.serialboost.runtime.SerialboostRuntime";

    private RuntimeInstaller() {
    }

    /** Installs the runtime. Must run before anything loads a runtime class through another loader. */
    static void install(final Instrumentation inst) throws Throwable {
        exportInternalMisc(inst, RuntimeInstaller.class.getModule());
        if (!definedInBootstrap()) {
            // reflection, not method handles: a handle called with other types than its own spins classes to adapt
            // them, milliseconds at the first stream class
            Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
            Object unsafe = unsafeClass.getMethod("getUnsafe").invoke(null);
            Method define = unsafeClass.getMethod("defineClass", String.class, byte[].class, int.class, int.class,
                    ClassLoader.class, ProtectionDomain.class);
            for (Map.Entry<String, byte[]> e : runtimeClasses().entrySet()) {
                String name = e.getKey().substring(0, e.getKey().length() - ".class".length()).replace('/', '.');
                byte[] bytes = e.getValue();
                define.invoke(unsafe, name, bytes, 0, bytes.length, null, null);
            }
        }
        exportInternalMisc(inst, Class.forName(RUNTIME, false, null).getModule());
    }

    /**
     * Whether converted classes can have their final fields restored (through {@code jdk.internal.misc.Unsafe});
     * call after {@link #install}. Only conversion needs it: the engine layer uses no {@code Unsafe}.
     *
     * @return null when they can, else why not
     */
    static String finalFieldsProblem() throws ReflectiveOperationException {
        return (String) Class.forName(RUNTIME, false, null).getMethod("finalFieldsProblem").invoke(null);
    }

    /**
     * Opens {@code jdk.internal.loader} and {@code java.net} to the runtime (not to the application's module), whose
     * {@code ClassPathFiles} reads the class files of supertypes for the class-file transformer where loading finds
     * them; call after {@link #install}.
     */
    static void openLoaderInternals(final Instrumentation inst) throws ClassNotFoundException {
        Module runtime = Class.forName(RUNTIME, false, null).getModule();
        inst.redefineModule(Object.class.getModule(), Set.of(), Map.of(),
                Map.of("jdk.internal.loader", Set.of(runtime), "java.net", Set.of(runtime)), Set.of(), Map.of());
    }

    private static boolean definedInBootstrap() {
        try {
            Class.forName(RUNTIME, false, null);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static void exportInternalMisc(final Instrumentation inst, final Module to) {
        inst.redefineModule(Object.class.getModule(), Set.of(), Map.of("jdk.internal.misc", Set.of(to)),
                Map.of(), Set.of(), Map.of());
    }

    /**
     * The runtime's class files, read from wherever the agent's own classes come from: from the agent's jar, found by
     * its code source (not by {@code ClassLoader.getResource}, whose first search goes through every module of the
     * JDK's loaders: a tenth of the engine's set-up in a profile); or, for the agent's classes in a directory (its own
     * build's tests), from the directory the class path has the runtime in.
     */
    private static Map<String, byte[]> runtimeClasses() throws IOException {
        Path source;
        try {
            source = Path.of(RuntimeInstaller.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IOException("cannot tell where the agent's classes are", e);
        }
        Map<String, byte[]> classes = new java.util.TreeMap<>();
        if (Files.isDirectory(source)) {
            URL probe = RuntimeInstaller.class.getClassLoader().getResource(PROBE);
            if (probe == null) {
                throw new IOException("the class path has no " + PROBE);
            }
            try (Stream<Path> files = Files.list(Path.of(probe.toURI()).getParent())) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    if (file.toString().endsWith(".class")) {
                        classes.put(RUNTIME_PACKAGE + file.getFileName(), Files.readAllBytes(file));
                    }
                }
            } catch (URISyntaxException e) {
                throw new IOException("cannot list the runtime classes at " + probe, e);
            }
            return classes;
        }
        try (JarFile jar = new JarFile(source.toFile(), false)) {
            for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                JarEntry entry = entries.nextElement();
                if (entry.getName().startsWith(RUNTIME_PACKAGE) && entry.getName().endsWith(".class")) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        classes.put(entry.getName(), entry.getSize() >= 0 ? in.readNBytes((int) entry.getSize())
                                : in.readAllBytes());
                    }
                }
            }
        }
        if (!classes.containsKey(PROBE)) {
            throw new IOException("the agent jar " + source + " has no " + PROBE);
        }
        return classes;
    }
}
