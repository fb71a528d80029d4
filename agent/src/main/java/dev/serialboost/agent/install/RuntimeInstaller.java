package dev.serialboost.agent.install;

import dev.serialboost.transformer.engine.CustomCallGenerator;
import dev.serialboost.transformer.engine.PrimFieldsGenerator;
import dev.serialboost.transformer.kit.RuntimeImage;
import dev.serialboost.transformer.kit.RuntimeLocation;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Installs the runtime, which patched {@code java.io} code and generated code call, in {@code java.base}'s own
 * {@code java.io} package ({@link RuntimeLocation}: {@code dev.serialboost.runtime.engine.Engine} becomes {@code
 * java.io.Serialboost$Engine}). There it is part of the module whose internals it uses, so it needs no package
 * exported or opened to it; the patched {@code java.io} code reaches its entry points; and strong encapsulation keeps
 * every other class from reflecting on its fields, its method handles into {@code java.io} and its caches (in the
 * bootstrap loader's unnamed module, where it was defined before, any class could read them, and {@code
 * jdk.internal.misc} was exported to the application's module for the agent to define it). The classes come ready
 * from the agent's build ({@link RuntimeImage}: relocated, package-private unless application facing, ordered).
 *
 * <p>The classes are defined by {@link RuntimeDefiner}, loaded for that alone by a class loader of its own (parent:
 * the bootstrap loader), to whose unnamed module alone {@code java.io} is opened and {@code jdk.internal.misc} exported
 * (its {@code Unsafe.defineClass}): no application class gets any access it lacked. That loader is referenced from
 * nowhere once the installation is done. The definer also hands the runtime what only the agent has (the field
 * copies' generator) through a package-private field, and hands back the runtime's class-file reader; no public
 * member of the runtime takes either.
 */
public final class RuntimeInstaller {

    private static final String RUNTIME = installed("converted/GeneratedCode");

    /** The runtime's class-file reader, handed back when the runtime was defined; null before or when it has none. */
    private static volatile BiFunction<ClassLoader, String, byte[]> classPathReader;

    /** What waits for the runtime to be defined ({@link #whenInstalled}); guarded by the class. */
    private static final List<Runnable> PENDING = new ArrayList<>();

    private RuntimeInstaller() {
    }

    /**
     * Runs {@code action} once the runtime is defined: now when it is, else right after the engine defines it (when
     * the first stream class loads), so that start-up does not pay for it. Returns whether it ran now.
     */
    public static synchronized boolean whenInstalled(final Runnable action) {
        if (definedInBootstrap()) {
            action.run();
            return true;
        }
        PENDING.add(action);
        return false;
    }

    /** The binary name a runtime class has once installed, from its name in the runtime ({@code engine/Engine}). */
    static String installed(final String name) {
        return RuntimeLocation.installedName(RuntimeLocation.SOURCE + name).replace('/', '.');
    }

    /** Installs the runtime, once per JVM. */
    public static synchronized void install(final Instrumentation inst) throws Throwable {
        if (definedInBootstrap()) {
            return;
        }
        List<Object> ordered = image();
        Function<Object[], byte[]> generator = PrimFieldsGenerator::generate;
        Function<Object[], byte[]> callGenerator = CustomCallGenerator::generate;
        Isolated isolated = new Isolated();
        Class<?> definer = isolated.define(RuntimeDefiner.class);
        Set<Module> installer = Set.of(isolated.getUnnamedModule());
        inst.redefineModule(Object.class.getModule(), Set.of(), Map.of("jdk.internal.misc", installer),
                Map.of("java.io", installer), Set.of(), Map.of());
        @SuppressWarnings("unchecked")
        BiFunction<ClassLoader, String, byte[]> reader = (BiFunction<ClassLoader, String, byte[]>) definer
                .getMethod("define", List.class, Function.class, Function.class)
                .invoke(null, ordered, generator, callGenerator);
        classPathReader = reader;
        List<Runnable> waiting = List.copyOf(PENDING);
        PENDING.clear();
        for (Runnable action : waiting) {
            action.run();
        }
    }

    /**
     * Installs the runtime if it is not yet, and switches its class recording on (a second call: the same
     * recording); returns what reads it, the recording's lines. Through a {@link RuntimeDefiner} of its own, in a
     * loader of its own to which alone {@code java.io} is opened: as for the installation, no other class gets a way
     * to the recording's switch.
     */
    @SuppressWarnings("unchecked")
    public static synchronized Supplier<String> startRecording(final Instrumentation inst) throws Throwable {
        return (Supplier<String>) privileged(inst).getMethod("startRecording").invoke(null);
    }

    /**
     * Installs the runtime if it is not yet, and arms its filter ({@code SerialFilters.arm}): {@code pattern} from
     * {@code file}, or {@code problem} saying why the file cannot be used; installed now, or when the JDK sets its
     * filters up when {@code patched} ({@link FilterInstaller}) and it has not yet. As {@link #startRecording},
     * through a definer of its own.
     *
     * @return null when it is installed when the JDK sets its filters up; "" when installed now; else why it could
     *         not be installed
     */
    public static synchronized String armFilter(final Instrumentation inst, final String pattern, final String file,
                                                final String problem, final boolean reportOnly, final boolean patched)
            throws Throwable {
        return (String) privileged(inst).getMethod("armFilter", String.class, String.class, String.class,
                boolean.class, boolean.class).invoke(null, pattern, file, problem, reportOnly, patched);
    }

    /** The runtime installed, and a {@link RuntimeDefiner} in a loader of its own to which {@code java.io} is open. */
    private static Class<?> privileged(final Instrumentation inst) throws Throwable {
        install(inst);
        Isolated isolated = new Isolated();
        Class<?> definer = isolated.define(RuntimeDefiner.class);
        inst.redefineModule(Object.class.getModule(), Set.of(), Map.of(),
                Map.of("java.io", Set.of(isolated.getUnnamedModule())), Set.of(), Map.of());
        return definer;
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
    public static String finalFieldsProblem() throws ReflectiveOperationException {
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

    /**
     * The class loader {@link RuntimeDefiner} alone is defined by, below the bootstrap loader (and, each time
     * statistics are switched on, {@link StatisticsSwitch}).
     */
    static final class Isolated extends ClassLoader {
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
     * The runtime's image, made when the agent was built ({@link RuntimeImage}): binary name, class file, ... in
     * definition order. Read from wherever the agent's own classes come from: from the agent's jar, found by its code
     * source (not by {@code ClassLoader.getResource}, whose first search goes through every module of the JDK's
     * loaders: a tenth of the engine's set-up in a profile); or from the agent's class directory (its own build's
     * tests).
     */
    private static List<Object> image() throws IOException {
        Path source;
        try {
            source = Path.of(RuntimeInstaller.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IOException("cannot tell where the agent's classes are", e);
        }
        List<Object> ordered = new ArrayList<>();
        if (Files.isDirectory(source)) {
            Path index = source.resolve(RuntimeImage.INDEX);
            if (!Files.isRegularFile(index)) {
                throw new IOException("the agent's classes at " + source + " have no " + RuntimeImage.INDEX);
            }
            for (String name : Files.readAllLines(index, StandardCharsets.UTF_8)) {
                ordered.add(name);
                ordered.add(Files.readAllBytes(source.resolve(RuntimeImage.DIRECTORY + name + RuntimeImage.SUFFIX)));
            }
            return ordered;
        }
        try (JarFile jar = new JarFile(source.toFile(), false)) {
            JarEntry index = jar.getJarEntry(RuntimeImage.INDEX);
            if (index == null) {
                throw new IOException("the agent jar " + source + " has no " + RuntimeImage.INDEX);
            }
            for (String name : new String(read(jar, index), StandardCharsets.UTF_8).split("\n")) {
                JarEntry entry = jar.getJarEntry(RuntimeImage.DIRECTORY + name + RuntimeImage.SUFFIX);
                if (entry == null) {
                    throw new IOException("the agent jar " + source + " has no class file for " + name);
                }
                ordered.add(name);
                ordered.add(read(jar, entry));
            }
        }
        return ordered;
    }

    private static byte[] read(final JarFile jar, final JarEntry entry) throws IOException {
        try (InputStream in = jar.getInputStream(entry)) {
            return entry.getSize() >= 0 ? in.readNBytes((int) entry.getSize()) : in.readAllBytes();
        }
    }
}
