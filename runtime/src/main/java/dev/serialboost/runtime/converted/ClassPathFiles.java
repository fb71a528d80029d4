package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.jdk.JdkClassPath;
import java.io.InputStream;
import java.net.URLClassLoader;
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
 * installed in {@code java.io}, the runtime is part of {@code java.base}, which owns them, so nothing is opened to
 * anyone (the agent, on the application's class path, could not read them without opening them to every class).
 * Whatever this cannot tell (another loader, a package of a named module, internals of another shape) it answers with
 * {@link #UNKNOWN}, and the agent reads through {@code ClassLoader.getResource} as before.
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
        return JdkClassPath.PROBLEM == null ? ClassPathFiles::read : null;
    }

    private static byte[] read(final ClassLoader loader, final String internalName) {
        int slash = internalName.lastIndexOf('/');
        String packageName = slash < 0 ? "" : internalName.substring(0, slash).replace('/', '.');
        if (loader == null || JdkClassPath.PACKAGE_TO_MODULE.containsKey(packageName) || !plain(loader)) {
            return UNKNOWN;
        }
        String resource = internalName + ".class";
        try {
            // the boot loader's class path first: only what -Xbootclasspath/a appends
            Object bootLoader = (Object) JdkClassPath.BOOT_LOADER.invokeExact();
            byte[] bytes = fromClassPath((Object) JdkClassPath.UCP.invokeExact(bootLoader), resource);
            return bytes != null ? bytes : fromChain(loader, resource);
        } catch (Throwable t) {
            return UNKNOWN;
        }
    }

    /** Whether the loader and its parents delegate as the JDK's own loaders do. */
    private static boolean plain(final ClassLoader loader) {
        for (ClassLoader l = loader; l != null; l = l.getParent()) {
            if (l.getClass() != URLClassLoader.class && !builtin(l)) {
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
        return fromClassPath(classPath(loader), resource);
    }

    /** The class file a loader's {@code URLClassPath} (null: none) defines a class from. */
    private static byte[] fromClassPath(final Object classPath, final String resource) throws Throwable {
        if (classPath == null) {
            return null;
        }
        Object found = JdkClassPath.GET_RESOURCE_CHECKED != null
                ? (Object) JdkClassPath.GET_RESOURCE_CHECKED.invokeExact(classPath, resource, false)
                : (Object) JdkClassPath.GET_RESOURCE.invokeExact(classPath, resource);
        return found == null ? null : bytes(found);
    }

    /**
     * A resource's bytes as {@code Resource.getBytes} reads them, but into one array of the entry's length from the
     * start (that method grows its array 1 KB at a time, which was half of what reading supertypes allocated); {@link
     * #UNKNOWN} when the stream ends before that length, where that method throws.
     */
    private static byte[] bytes(final Object resource) throws Throwable {
        try (InputStream in = (InputStream) JdkClassPath.GET_INPUT_STREAM.invokeExact(resource)) {
            int length = (int) JdkClassPath.GET_CONTENT_LENGTH.invokeExact(resource);
            if (length < 0) {
                return in.readAllBytes();
            }
            byte[] bytes = new byte[length];
            return in.readNBytes(bytes, 0, length) == length ? bytes : UNKNOWN;
        }
    }

    /** One of the JDK's own loaders (application, platform); their class is the JDK's, not a subclass of one. */
    private static boolean builtin(final ClassLoader loader) {
        return JdkClassPath.BUILTIN_CLASS_LOADER.isInstance(loader) && loader.getClass().getClassLoader() == null;
    }

    /** A loader's {@code URLClassPath}: a builtin loader's, or a {@code URLClassLoader}'s. */
    private static Object classPath(final ClassLoader loader) throws Throwable {
        return builtin(loader) ? (Object) JdkClassPath.UCP.invokeExact((Object) loader)
                : (Object) JdkClassPath.URL_CLASS_LOADER_UCP.invokeExact((URLClassLoader) loader);
    }
}
