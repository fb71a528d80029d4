package dev.serialboost.testing;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.converted.ConvertedFormatPatches;
import dev.serialboost.transformer.kit.RuntimeImage;
import dev.serialboost.transformer.kit.RuntimeLocation;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.security.ProtectionDomain;
import java.util.List;

/**
 * What the agent does for the converted format, for the transformer's own tests ({@code -javaagent} of the
 * surefire JVM, see the pom): defines the runtime classes in {@code java.io} as the agent does ({@link
 * RuntimeImage}), and patches the JDK with {@link ConvertedFormatPatches}. Converted classes then go through the
 * converted format in plain {@code ObjectOutputStream}/{@code ObjectInputStream}, as in an application with the
 * agent. Fails the JVM's start
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
        // installed as the agent installs it: the image its build makes (RuntimeImage), in its order
        for (RuntimeImage.Entry entry : RuntimeImage.build(RuntimeImage.read(RuntimeImage.runtimeLocation()))) {
            byte[] bytes = entry.classFile();
            define.invoke(unsafe, entry.binaryName(), bytes, 0, bytes.length, (ClassLoader) null,
                    (ProtectionDomain) null);
        }
        String unavailable = (String) Class.forName(RuntimeLocation.installedName(RUNTIME + "converted/ConvertedFormat")
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
}
