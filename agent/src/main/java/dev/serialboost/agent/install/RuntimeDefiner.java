package dev.serialboost.agent.install;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Defines the runtime's classes in {@code java.io}. Loaded by {@code RuntimeInstaller}'s own class loader, whose
 * unnamed module is the only one {@code java.io} is opened and {@code jdk.internal.misc} exported to, and referencing
 * only {@code java.base}: what this class can do, no application class can. Public only for the installer's
 * reflective call across the loaders.
 */
public final class RuntimeDefiner {

    private RuntimeDefiner() {
    }

    /**
     * Defines {@code classes} (binary name, relocated class file, ...; each after the runtime classes it extends) in
     * {@code java.io}, so in {@code java.base}, with the bootstrap loader; hands the runtime the field copies' {@code
     * generator} and the custom method calls' {@code callGenerator}; and returns the runtime's class-file reader (or
     * null).
     */
    public static Object define(final List<Object> classes, final Function<Object[], byte[]> generator,
                                final Function<Object[], byte[]> callGenerator) throws Throwable {
        // jdk.internal.misc.Unsafe.defineClass, not Lookup.defineClass: the latter parses each class file in Java
        // first (on JDK 17 with the JDK's own copy of ASM, whose classes then load as well)
        Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
        Object unsafe = unsafeClass.getMethod("getUnsafe").invoke(null);
        Method define = unsafeClass.getMethod("defineClass", String.class, byte[].class, int.class, int.class,
                ClassLoader.class, ProtectionDomain.class);
        for (int i = 0; i < classes.size(); i += 2) {
            byte[] bytes = (byte[]) classes.get(i + 1);
            define.invoke(unsafe, classes.get(i), bytes, 0, bytes.length, null, null);
        }
        Class<?> fieldAccess = Class.forName("java.io.Serialboost$FieldAccess", false, null);
        MethodHandles.privateLookupIn(fieldAccess, MethodHandles.lookup())
                .findStaticSetter(fieldAccess, "generator", Function.class).invoke(generator);
        Class<?> customCalls = Class.forName("java.io.Serialboost$CustomCalls", false, null);
        MethodHandles.privateLookupIn(customCalls, MethodHandles.lookup())
                .findStaticSetter(customCalls, "generator", Function.class).invoke(callGenerator);
        Class<?> files = Class.forName("java.io.Serialboost$ClassPathFiles", false, null);
        return (BiFunction<?, ?, ?>) MethodHandles.privateLookupIn(files, MethodHandles.lookup())
                .findStatic(files, "reader", MethodType.methodType(BiFunction.class)).invoke();
    }

    /**
     * Switches the runtime's class recording on ({@code java.io.Serialboost$ClassRecording.start}, package-private)
     * and returns what reads it. Only this class, in its isolated loader, can reach it.
     */
    @SuppressWarnings("unchecked")
    public static Supplier<String> startRecording() throws Throwable {
        Class<?> recording = Class.forName("java.io.Serialboost$ClassRecording", false, null);
        return (Supplier<String>) MethodHandles.privateLookupIn(recording, MethodHandles.lookup())
                .findStatic(recording, "start", MethodType.methodType(Supplier.class)).invoke();
    }

    /**
     * Arms the runtime's filter ({@code java.io.Serialboost$SerialFilters.arm}, package-private), which installs it now
     * or, when {@code patched}, when the JDK sets its filters up; returns what {@code arm} returns. Only this class, in
     * its isolated loader, can reach it.
     */
    public static String armFilter(final String pattern, final String file, final String problem,
                                   final boolean reportOnly, final boolean patched) throws Throwable {
        Class<?> filters = Class.forName("java.io.Serialboost$SerialFilters", false, null);
        return (String) MethodHandles.privateLookupIn(filters, MethodHandles.lookup()).findStatic(filters, "arm",
                MethodType.methodType(String.class, String.class, String.class, String.class, boolean.class,
                        boolean.class)).invoke(pattern, file, problem, reportOnly, patched);
    }
}
