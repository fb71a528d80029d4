package dev.serialboost.runtime.jdk;

import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.net.URLClassLoader;
import java.util.Map;

/**
 * The members of the JDK's class loaders the runtime reads class files through ({@code ClassPathFiles}; see {@link
 * JdkLookup}): of {@code jdk.internal.loader.BuiltinClassLoader}, {@code URLClassPath}, {@code Resource} and {@code
 * ClassLoaders}, and of {@code java.net.URLClassLoader}. One group for the five classes, whose members are only usable
 * together: a loader's class path, its resources, their bytes. The internal classes are {@code Object} in the handles'
 * types.
 */
public final class JdkClassPath {

    /** Why a member is missing, or null. */
    public static final Throwable PROBLEM;
    /** The value of {@code BuiltinClassLoader.packageToModule}: the packages of the boot layer's modules, dotted. */
    public static final Map<?, ?> PACKAGE_TO_MODULE;
    /** {@code BuiltinClassLoader}: what the JDK's own application and platform loaders are. */
    public static final Class<?> BUILTIN_CLASS_LOADER;
    /** {@code (Object) Object}: reads a {@code BuiltinClassLoader}'s {@code ucp}, its {@code URLClassPath} or null. */
    public static final MethodHandle UCP;
    /** {@code (URLClassLoader) Object}: reads a {@code URLClassLoader}'s {@code ucp}. */
    public static final MethodHandle URL_CLASS_LOADER_UCP;
    /**
     * {@code (Object, String, boolean) Object}: {@code URLClassPath.getResource(name, check)}, JDK 17-23, called with
     * {@code false} as {@code BuiltinClassLoader} calls it to define a class (no Security Manager check); null on JDK
     * 24 and later, whose {@code getResource(name)} is {@link #GET_RESOURCE}. Not one handle with the {@code false}
     * bound: binding a primitive argument spins a class, milliseconds at the first class file read.
     */
    public static final MethodHandle GET_RESOURCE_CHECKED;
    /**
     * {@code (Object, String) Object}: {@code URLClassPath.getResource(name)}, where there is no {@link
     * #GET_RESOURCE_CHECKED} (JDK 24 and later); else null.
     */
    public static final MethodHandle GET_RESOURCE;
    /** {@code (Object) InputStream}: {@code Resource.getInputStream()}. */
    public static final MethodHandle GET_INPUT_STREAM;
    /** {@code (Object) int}: {@code Resource.getContentLength()}, -1 when not known. */
    public static final MethodHandle GET_CONTENT_LENGTH;
    /** {@code () Object}: {@code ClassLoaders.bootLoader()}, the boot loader's {@code BuiltinClassLoader}. */
    public static final MethodHandle BOOT_LOADER;

    static {
        JdkLookup builtin = JdkLookup.of("jdk.internal.loader.BuiltinClassLoader");
        Class<?> classPath = builtin.type("jdk.internal.loader.URLClassPath");
        Class<?> resource = builtin.type("jdk.internal.loader.Resource");
        BUILTIN_CLASS_LOADER = builtin.owner();
        PACKAGE_TO_MODULE = packages(builtin.staticGetter("packageToModule", Map.class));
        UCP = builtin.getter("ucp", classPath);
        JdkLookup path = JdkLookup.of("jdk.internal.loader.URLClassPath");
        JdkLookup either = path.optional();
        GET_RESOURCE_CHECKED = either.virtual("getResource", MethodType.methodType(resource, String.class,
                boolean.class));
        GET_RESOURCE = GET_RESOURCE_CHECKED != null ? null
                : either.virtual("getResource", MethodType.methodType(resource, String.class));
        JdkLookup resources = JdkLookup.of("jdk.internal.loader.Resource");
        GET_INPUT_STREAM = resources.virtual("getInputStream", MethodType.methodType(InputStream.class));
        GET_CONTENT_LENGTH = resources.virtual("getContentLength", MethodType.methodType(int.class));
        JdkLookup loaders = JdkLookup.of("jdk.internal.loader.ClassLoaders");
        BOOT_LOADER = loaders.staticMethod("bootLoader", MethodType.methodType(builtin.owner() != null
                ? builtin.owner() : Object.class));
        JdkLookup urls = JdkLookup.of(URLClassLoader.class);
        URL_CLASS_LOADER_UCP = urls.getter("ucp", classPath);
        PROBLEM = JdkLookup.firstProblem(builtin.problem(), path.problem(), resources.problem(), loaders.problem(),
                urls.problem(), PACKAGE_TO_MODULE == null || GET_RESOURCE_CHECKED == null && GET_RESOURCE == null
                        ? new NoSuchMethodException("no packageToModule, or no URLClassPath.getResource") : null);
    }

    private JdkClassPath() {
    }

    private static Map<?, ?> packages(final MethodHandle getter) {
        try {
            return getter == null ? null : (Map<?, ?>) getter.invokeExact();
        } catch (Throwable t) {
            return null;
        }
    }
}
