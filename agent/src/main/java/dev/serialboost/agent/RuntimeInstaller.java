package dev.serialboost.agent;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.JarURLConnection;
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
            Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            Object unsafe = lookup.findStatic(unsafeClass, "getUnsafe", MethodType.methodType(unsafeClass)).invoke();
            MethodHandle define = lookup.findVirtual(unsafeClass, "defineClass", MethodType.methodType(Class.class,
                    String.class, byte[].class, int.class, int.class, ClassLoader.class, ProtectionDomain.class));
            for (Map.Entry<String, byte[]> e : runtimeClasses().entrySet()) {
                String name = e.getKey().substring(0, e.getKey().length() - ".class".length()).replace('/', '.');
                byte[] bytes = e.getValue();
                define.invoke(unsafe, name, bytes, 0, bytes.length, (ClassLoader) null, (ProtectionDomain) null);
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

    /** The runtime's class files, read from wherever the agent's own classes come from (jar or directory). */
    private static Map<String, byte[]> runtimeClasses() throws IOException {
        URL probe = RuntimeInstaller.class.getClassLoader().getResource(PROBE);
        if (probe == null) {
            throw new IOException("the agent jar has no " + PROBE);
        }
        Map<String, byte[]> classes = new java.util.TreeMap<>();
        if (probe.getProtocol().equals("jar")) {
            JarURLConnection connection = (JarURLConnection) probe.openConnection();
            connection.setUseCaches(false);
            try (JarFile jar = connection.getJarFile()) {
                for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                    JarEntry entry = entries.nextElement();
                    if (entry.getName().startsWith(RUNTIME_PACKAGE) && entry.getName().endsWith(".class")) {
                        try (InputStream in = jar.getInputStream(entry)) {
                            classes.put(entry.getName(), in.readAllBytes());
                        }
                    }
                }
            }
        } else {
            try {
                Path dir = Path.of(probe.toURI()).getParent();
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path file : (Iterable<Path>) files::iterator) {
                        if (file.toString().endsWith(".class")) {
                            classes.put(RUNTIME_PACKAGE + file.getFileName(), Files.readAllBytes(file));
                        }
                    }
                }
            } catch (URISyntaxException e) {
                throw new IOException("cannot list the runtime classes at " + probe, e);
            }
        }
        return classes;
    }
}
