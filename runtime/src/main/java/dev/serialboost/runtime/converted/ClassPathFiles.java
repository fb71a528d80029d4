package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.Privileged;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URLClassLoader;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Reads a class file from where loading the class would find it, for the agent's class-file transformer, which reads
 * the class files of supertypes before the JVM loads them. Only for a class loader whose delegation is the JDK's own:
 * its application and platform loaders, and plain {@code java.net.URLClassLoader}s (exactly that class) whose parents
 * are such; and only for a class in a package of no module of the boot layer. Its class file is then the first found
 * on the class paths ({@code jdk.internal.loader.URLClassPath}, read as {@code BuiltinClassLoader} and
 * {@code URLClassLoader} read them to define a class) of the boot loader (only what {@code -Xbootclasspath/a}
 * appends), the application loader and each {@code URLClassLoader}, parent first. {@code ClassLoader.getResource}
 * answers the same, but first searches every module of the boot, platform and application loaders for the name
 * ({@code BuiltinClassLoader.findMiscResource}, where a class of a package no module has can never be found), and
 * opens each class file through a {@code URL}: measured on 4,204 library classes (JDK 17, {@code convert=all}), that
 * cost the transformer more than reading and inflating the class files, and made the JIT compile the search.
 *
 * <p>In the runtime, not the agent, because it reads internals of {@code jdk.internal.loader} and {@code java.net}:
 * the agent opens those packages to the runtime's module only (the bootstrap loader's unnamed module), not to the
 * application's. Whatever this cannot tell (another loader, a package of a named module, internals of another
 * shape) it answers with {@link #UNKNOWN}, and the agent reads through {@code ClassLoader.getResource} as before.
 */
final class ClassPathFiles {

    /** The answer of {@link #reader()}'s function when it cannot tell; never a class file (those are not empty). */
    static final byte[] UNKNOWN = new byte[0];

    private ClassPathFiles() {
    }

    /**
     * The reader: (class loader, internal name) to the class file, {@code null} when loading would not find the class,
     * or {@link #UNKNOWN}. Its set-up, the first time it is used; null when this JDK's internals are not the ones it
     * knows (then nothing is read through it).
     */
    static BiFunction<ClassLoader, String, byte[]> reader() {
        return Internals.PROBLEM == null ? ClassPathFiles::read : null;
    }

    private static byte[] read(final ClassLoader loader, final String internalName) {
        int slash = internalName.lastIndexOf('/');
        String packageName = slash < 0 ? "" : internalName.substring(0, slash).replace('/', '.');
        if (loader == null || Internals.PACKAGE_TO_MODULE.containsKey(packageName) || !plain(loader)) {
            return UNKNOWN;
        }
        String resource = internalName + ".class";
        try {
            byte[] bytes = fromBuiltinClassPath(Internals.bootLoader(), resource);
            return bytes != null ? bytes : fromChain(loader, resource);
        } catch (Throwable t) {
            return UNKNOWN;
        }
    }

    /** Whether the loader and its parents delegate as the JDK's own loaders do. */
    private static boolean plain(final ClassLoader loader) {
        for (ClassLoader l = loader; l != null; l = l.getParent()) {
            if (l.getClass() != URLClassLoader.class && !Internals.builtin(l)) {
                return false;
            }
        }
        return true;
    }

    /** The class file on the class path of {@code loader} or of a parent, parent first. */
    private static byte[] fromChain(final ClassLoader loader, final String resource) throws Throwable {
        ClassLoader parent = loader.getParent();
        byte[] bytes = parent == null ? null : fromChain(parent, resource);
        if (bytes != null) {
            return bytes;
        }
        return fromClassPath(Internals.builtin(loader) ? Internals.UCP.invokeExact(loader)
                : Internals.URL_UCP.invokeExact(loader), resource);
    }

    /** The class file on a builtin loader's own class path (none for the boot and platform loaders, usually). */
    private static byte[] fromBuiltinClassPath(final ClassLoader loader, final String resource) throws Throwable {
        return fromClassPath(Internals.UCP.invokeExact(loader), resource);
    }

    /** The class file a loader's {@code URLClassPath} (null: none) defines a class from. */
    private static byte[] fromClassPath(final Object classPath, final String resource) throws Throwable {
        if (classPath == null) {
            return null;
        }
        Object found = Internals.GET_RESOURCE_CHECKED != null
                ? (Object) Internals.GET_RESOURCE_CHECKED.invokeExact(classPath, resource, false)
                : (Object) Internals.GET_RESOURCE.invokeExact(classPath, resource);
        return found == null ? null : bytes(found);
    }

    /**
     * A resource's bytes as {@code Resource.getBytes} reads them, but into one array of the entry's length from the
     * start (that method grows its array 1 KB at a time, which was half of what reading supertypes allocated); {@link
     * #UNKNOWN} when the stream ends before that length, where that method throws.
     */
    private static byte[] bytes(final Object resource) throws Throwable {
        try (InputStream in = (InputStream) Internals.GET_INPUT_STREAM.invokeExact(resource)) {
            int length = (int) Internals.CONTENT_LENGTH.invokeExact(resource);
            if (length < 0) {
                return in.readAllBytes();
            }
            byte[] bytes = new byte[length];
            return in.readNBytes(bytes, 0, length) == length ? bytes : UNKNOWN;
        }
    }

    /** The internals, found when the reader is first used. */
    private static final class Internals {

        static final Throwable PROBLEM;
        /** {@code BuiltinClassLoader.packageToModule}: the packages of the boot layer's modules, dotted. */
        static final Map<?, ?> PACKAGE_TO_MODULE;
        /** {@code (ClassLoader) Object}: a builtin loader's {@code URLClassPath}, or null. */
        static final MethodHandle UCP;
        /** {@code (ClassLoader) Object}: a {@code URLClassLoader}'s {@code URLClassPath}. */
        static final MethodHandle URL_UCP;
        /**
         * {@code (Object, String, boolean) Object}: {@code URLClassPath.getResource(name, check)} on JDK 17-23, called
         * with {@code false} as {@code BuiltinClassLoader} calls it to define a class (no Security Manager check);
         * null on JDK 24 and later, whose {@code getResource(name)} is {@link #GET_RESOURCE}. Not one handle with the
         * {@code false} bound: binding a primitive argument spins a class, milliseconds at the first class file read.
         */
        static final MethodHandle GET_RESOURCE_CHECKED;
        /** {@code (Object, String) Object}: {@code URLClassPath.getResource(name)}, JDK 24 and later; else null. */
        static final MethodHandle GET_RESOURCE;
        /** {@code (Object) InputStream}: {@code Resource.getInputStream()}. */
        static final MethodHandle GET_INPUT_STREAM;
        /** {@code (Object) int}: {@code Resource.getContentLength()}, -1 when not known. */
        static final MethodHandle CONTENT_LENGTH;
        /** {@code () ClassLoader}: {@code ClassLoaders.bootLoader()}. */
        static final MethodHandle BOOT_LOADER;
        static final Class<?> BUILTIN;

        static {
            Object[] found = new Object[9];
            PROBLEM = Privileged.call(() -> lookUp(found));
            PACKAGE_TO_MODULE = (Map<?, ?>) found[0];
            UCP = (MethodHandle) found[1];
            GET_RESOURCE = (MethodHandle) found[2];
            GET_RESOURCE_CHECKED = (MethodHandle) found[7];
            GET_INPUT_STREAM = (MethodHandle) found[3];
            CONTENT_LENGTH = (MethodHandle) found[8];
            BOOT_LOADER = (MethodHandle) found[4];
            BUILTIN = (Class<?>) found[5];
            URL_UCP = (MethodHandle) found[6];
        }

        private Internals() {
        }

        private static Throwable lookUp(final Object[] found) {
            try {
                Class<?> builtin = Class.forName("jdk.internal.loader.BuiltinClassLoader", false, null);
                Class<?> classPath = Class.forName("jdk.internal.loader.URLClassPath", false, null);
                Class<?> resource = Class.forName("jdk.internal.loader.Resource", false, null);
                Class<?> loaders = Class.forName("jdk.internal.loader.ClassLoaders", false, null);
                MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(builtin, MethodHandles.lookup());
                found[0] = (Map<?, ?>) lookup.findStaticGetter(builtin, "packageToModule", Map.class).invoke();
                found[1] = lookup.findGetter(builtin, "ucp", classPath)
                        .asType(MethodType.methodType(Object.class, ClassLoader.class));
                try {
                    // JDK 17-23: called with false, as BuiltinClassLoader asks when it defines a class
                    found[7] = lookup.findVirtual(classPath, "getResource",
                            MethodType.methodType(resource, String.class, boolean.class))
                            .asType(MethodType.methodType(Object.class, Object.class, String.class, boolean.class));
                } catch (NoSuchMethodException e) {
                    found[2] = lookup.findVirtual(classPath, "getResource",
                            MethodType.methodType(resource, String.class)) // JDK 24 and later
                            .asType(MethodType.methodType(Object.class, Object.class, String.class));
                }
                found[3] = lookup.findVirtual(resource, "getInputStream", MethodType.methodType(InputStream.class))
                        .asType(MethodType.methodType(InputStream.class, Object.class));
                found[8] = lookup.findVirtual(resource, "getContentLength", MethodType.methodType(int.class))
                        .asType(MethodType.methodType(int.class, Object.class));
                found[4] = lookup.findStatic(loaders, "bootLoader", MethodType.methodType(builtin))
                        .asType(MethodType.methodType(ClassLoader.class));
                found[5] = builtin;
                found[6] = MethodHandles.privateLookupIn(URLClassLoader.class, MethodHandles.lookup())
                        .findGetter(URLClassLoader.class, "ucp", classPath)
                        .asType(MethodType.methodType(Object.class, ClassLoader.class));
            } catch (Throwable t) {
                return t;
            }
            return null;
        }

        static ClassLoader bootLoader() throws Throwable {
            return (ClassLoader) BOOT_LOADER.invokeExact();
        }

        /** One of the JDK's own loaders (application, platform); their class is the JDK's, not a subclass of one. */
        static boolean builtin(final ClassLoader loader) {
            return BUILTIN.isInstance(loader) && loader.getClass().getClassLoader() == null;
        }
    }
}
