package dev.serialboost.testing;

import dev.serialboost.transformer.ClassFileSource;
import dev.serialboost.transformer.ConvertedFormatPatches;

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
import java.util.Set;
import java.util.stream.Stream;

/**
 * What the agent does for the converted format, for the transformer's own tests ({@code -javaagent} of the
 * surefire JVM, see the pom): defines the runtime classes in the bootstrap loader, where the patched {@code java.io}
 * code can see them, opens {@code java.io} and {@code jdk.internal.misc} to them, and patches the JDK with
 * {@link ConvertedFormatPatches}. Converted classes then go through the converted format in plain
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
        try (Stream<Path> files = Files.list(runtimeDirectory())) {
            for (Path file : (Iterable<Path>) files.sorted()::iterator) {
                String name = file.getFileName().toString();
                if (name.endsWith(".class")) {
                    byte[] bytes = Files.readAllBytes(file);
                    define.invoke(unsafe, (RUNTIME + name.substring(0, name.length() - 6)).replace('/', '.'), bytes, 0,
                            bytes.length, (ClassLoader) null, (ProtectionDomain) null);
                }
            }
        }
        Module runtime = Class.forName("dev.serialboost.runtime.ConvertedFormat", false, null).getModule();
        inst.redefineModule(Object.class.getModule(), Set.of(), Map.of("jdk.internal.misc", Set.of(runtime)),
                Map.of("java.io", Set.of(runtime)), Set.of(), Map.of());
        String unavailable = (String) Class.forName("dev.serialboost.runtime.ConvertedFormat", true, null)
                .getMethod("availability").invoke(null);
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
            ConvertedFormatPatches.patch(name, jdk.read(name));
        }
        ClassFileTransformer patcher = new ClassFileTransformer() {
            @Override
            public byte[] transform(final ClassLoader loader, final String className, final Class<?> redefined,
                                    final ProtectionDomain domain, final byte[] bytes) {
                if (loader != null || !ConvertedFormatPatches.CLASSES.contains(className)) {
                    return null;
                }
                return ConvertedFormatPatches.patch(className, bytes);
            }
        };
        inst.addTransformer(patcher, true);
        for (String name : ConvertedFormatPatches.CLASSES) {
            inst.retransformClasses(Class.forName(name.replace('/', '.'), false, null));
        }
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
