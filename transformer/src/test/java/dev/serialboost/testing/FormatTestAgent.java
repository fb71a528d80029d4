package dev.serialboost.testing;

import dev.serialboost.transformer.ClassFileSource;
import dev.serialboost.transformer.ConvertedFormatPatches;
import dev.serialboost.transformer.RuntimeLocation;

import org.objectweb.asm.ClassReader;

import java.io.IOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the agent does for the converted format, for the transformer's own tests ({@code -javaagent} of the
 * surefire JVM, see the pom): defines the runtime classes in {@code java.io}, relocated ({@link RuntimeLocation}), and
 * patches the JDK with {@link ConvertedFormatPatches}; {@code ChildFirstLoader} relocates the converted classes it
 * defines the same way. Converted classes then go through the converted format in plain
 * {@code ObjectOutputStream}/{@code ObjectInputStream}, as in an application with the agent. Fails the JVM's start
 * when anything is missing: a test run without the converted format would prove nothing about it.
 */
public final class FormatTestAgent {

    private static final String RUNTIME = "dev/serialboost/runtime/";

    private FormatTestAgent() {
    }

    public static void premain(final String args, final Instrumentation inst) throws Throwable {
        Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
        Object unsafe = MethodHandles.lookup().findStatic(unsafeClass, "getUnsafe", MethodType.methodType(unsafeClass))
                .invoke();
        MethodHandle define = MethodHandles.lookup().findVirtual(unsafeClass, "defineClass", MethodType.methodType(
                Class.class, String.class, byte[].class, int.class, int.class, ClassLoader.class,
                ProtectionDomain.class));
        // installed as the agent installs it (RuntimeLocation): relocated into java.io, superclasses first
        Map<String, byte[]> classes = new java.util.TreeMap<>();
        Map<String, String> supers = new java.util.HashMap<>();
        try (Stream<Path> files = Files.list(runtimeDirectory())) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (file.getFileName().toString().endsWith(".class")) {
                    byte[] bytes = Files.readAllBytes(file);
                    ClassReader reader = new ClassReader(bytes);
                    classes.put(reader.getClassName(), RuntimeLocation.relocate(bytes));
                    supers.put(reader.getClassName(), reader.getSuperName());
                }
            }
        }
        java.util.Set<String> defined = new java.util.HashSet<>();
        for (String name : classes.keySet()) {
            define(name, classes, supers, defined, define, unsafe);
        }
        String unavailable = (String) Class.forName(RuntimeLocation.installedName(RUNTIME + "ConvertedFormat")
                .replace('/', '.'), true, null).getMethod("availability").invoke(null);
        if (unavailable != null) {
            throw new IllegalStateException("the converted format cannot work here: " + unavailable);
        }
        // check and patch once before transforming: no class may load inside transform (ClassCircularityError)
        ClassFileSource jdk = ClassFileSource.of(null);
        for (String name : ConvertedFormatPatches.CLASSES) {
            List<String> problems = ConvertedFormatPatches.check(name, jdk.read(name));
            if (!problems.isEmpty()) {
                throw new IllegalStateException(problems.toString());
            }
            RuntimeLocation.relocate(ConvertedFormatPatches.patch(name, jdk.read(name)));
        }
        ClassFileTransformer patcher = new ClassFileTransformer() {
            @Override
            public byte[] transform(final ClassLoader loader, final String className, final Class<?> redefined,
                                    final ProtectionDomain domain, final byte[] bytes) {
                if (loader != null || !ConvertedFormatPatches.CLASSES.contains(className)) {
                    return null;
                }
                return RuntimeLocation.relocate(ConvertedFormatPatches.patch(className, bytes));
            }
        };
        inst.addTransformer(patcher, true);
        for (String name : ConvertedFormatPatches.CLASSES) {
            inst.retransformClasses(Class.forName(name.replace('/', '.'), false, null));
        }
    }

    /** Defines {@code name} (after its superclass, when that is a runtime class too) in {@code java.io}. */
    private static void define(final String name, final Map<String, byte[]> classes, final Map<String, String> supers,
                               final java.util.Set<String> defined, final MethodHandle define, final Object unsafe)
            throws Throwable {
        if (!classes.containsKey(name) || !defined.add(name)) {
            return;
        }
        define(supers.get(name), classes, supers, defined, define, unsafe);
        byte[] bytes = classes.get(name);
        define.invoke(unsafe, RuntimeLocation.installedName(name).replace('/', '.'), bytes, 0, bytes.length,
                (ClassLoader) null, (ProtectionDomain) null);
    }

    /** The runtime package's directory of class files, found without loading any of its classes. */
    private static Path runtimeDirectory() throws IOException, URISyntaxException {
        URL probe = ClassLoader.getSystemResource(RUNTIME + "ConvertedFormat.class");
        if (probe == null || !probe.getProtocol().equals("file")) {
            throw new IOException("the runtime classes are not in a directory: " + probe);
        }
        return Path.of(probe.toURI()).getParent();
    }
}
