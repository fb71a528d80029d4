package dev.serialboost.agent;

import dev.serialboost.transformer.PrimFieldsGenerator;
import dev.serialboost.transformer.RuntimeLocation;

import org.objectweb.asm.ClassReader;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Installs the runtime, which patched {@code java.io} code and generated code call, in {@code java.base}'s own
 * {@code java.io} package ({@link RuntimeLocation}: {@code dev.serialboost.runtime.Engine} becomes {@code
 * java.io.Serialboost$Engine}). There it is part of the module whose internals it uses, so it needs no package
 * exported or opened to it; the patched {@code java.io} code reaches its entry points; and strong encapsulation keeps
 * every other class from reflecting on its fields, its method handles into {@code java.io} and its caches (in the
 * bootstrap loader's unnamed module, where it was defined before, any class could read them, and {@code
 * jdk.internal.misc} was exported to the application's module for the agent to define it).
 *
 * <p>The classes are defined by {@link RuntimeDefiner}, loaded for that alone by a class loader of its own (parent:
 * the bootstrap loader), to whose unnamed module alone {@code java.io} is opened and {@code jdk.internal.misc} exported
 * (its {@code Unsafe.defineClass}): no application class gets any access it lacked. That loader is referenced from
 * nowhere once the installation is done. The definer also hands the runtime what only the agent has (the field
 * copies' generator) through a package-private field, and hands back the runtime's class-file reader; no public
 * member of the runtime takes either.
 */
final class RuntimeInstaller {

    static final String RUNTIME_PACKAGE = RuntimeLocation.SOURCE;
    private static final String PROBE = RUNTIME_PACKAGE + "SerialboostRuntime.class";
    private static final String RUNTIME = installed("SerialboostRuntime");

    /** The runtime's class-file reader, handed back when the runtime was defined; null before or when it has none. */
    private static volatile BiFunction<ClassLoader, String, byte[]> classPathReader;

    private RuntimeInstaller() {
    }

    /** The binary name a runtime class has once installed, from its simple name. */
    static String installed(final String simpleName) {
        return RuntimeLocation.installedName(RUNTIME_PACKAGE + simpleName).replace('/', '.');
    }

    /** Installs the runtime, once per JVM. */
    static synchronized void install(final Instrumentation inst) throws Throwable {
        if (definedInBootstrap()) {
            return;
        }
        Map<String, byte[]> classes = runtimeClasses();
        Map<String, byte[]> relocated = new java.util.HashMap<>();
        Map<String, List<String>> supertypes = new java.util.HashMap<>();
        for (byte[] bytes : classes.values()) {
            ClassReader reader = new ClassReader(bytes);
            byte[] moved = RuntimeLocation.relocate(bytes);
            relocated.put(reader.getClassName(), moved);
            List<String> above = new ArrayList<>(List.of(reader.getInterfaces()));
            above.add(reader.getSuperName());
            supertypes.put(reader.getClassName(), above);
        }
        List<Object> ordered = new ArrayList<>();
        Set<String> placed = new java.util.HashSet<>();
        for (String name : new java.util.TreeSet<>(relocated.keySet())) {
            place(name, relocated, supertypes, placed, ordered);
        }
        Function<Object[], byte[]> generator = args -> {
            byte[] generated = PrimFieldsGenerator.generate(args);
            return generated == null ? null : RuntimeLocation.relocate(generated);
        };
        Isolated isolated = new Isolated();
        Class<?> definer = isolated.define(RuntimeDefiner.class);
        Set<Module> installer = Set.of(isolated.getUnnamedModule());
        inst.redefineModule(Object.class.getModule(), Set.of(), Map.of("jdk.internal.misc", installer),
                Map.of("java.io", installer), Set.of(), Map.of());
        @SuppressWarnings("unchecked")
        BiFunction<ClassLoader, String, byte[]> reader = (BiFunction<ClassLoader, String, byte[]>) definer
                .getMethod("define", List.class, Function.class).invoke(null, ordered, generator);
        classPathReader = reader;
    }

    /** Adds {@code name} to {@code ordered} after the runtime classes it extends or implements. */
    private static void place(final String name, final Map<String, byte[]> classes,
                              final Map<String, List<String>> supertypes, final Set<String> placed,
                              final List<Object> ordered) {
        if (!classes.containsKey(name) || !placed.add(name)) {
            return;
        }
        for (String above : supertypes.get(name)) {
            place(above, classes, supertypes, placed, ordered);
        }
        ordered.add(RuntimeLocation.installedName(name).replace('/', '.'));
        ordered.add(classes.get(name));
    }

    /** The runtime's class-file reader (see {@code ClassPathFiles}); null when it has none or is not installed. */
    static BiFunction<ClassLoader, String, byte[]> classPathReader() {
        return classPathReader;
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

    private static boolean definedInBootstrap() {
        try {
            Class.forName(RUNTIME, false, null);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** The class loader {@link RuntimeDefiner} alone is defined by, below the bootstrap loader. */
    private static final class Isolated extends ClassLoader {
        Isolated() {
            super("serialboost-runtime-installer", null);
        }

        Class<?> define(final Class<?> type) throws IOException {
            String file = type.getName().substring(type.getPackageName().length() + 1) + ".class";
            try (InputStream in = type.getResourceAsStream(file)) {
                if (in == null) {
                    throw new IOException("the agent has no class file " + file);
                }
                byte[] bytes = in.readAllBytes();
                // the agent's own protection domain: under a security manager, the rights the policy gives the agent
                return defineClass(type.getName(), bytes, 0, bytes.length, type.getProtectionDomain());
            }
        }
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
