package dev.serialboost.runtime.jdk;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/** The member of {@code jdk.internal.misc.VM} the runtime uses (see {@link JdkLookup}). */
public final class JdkVm {

    /** Why the member is missing, or null. */
    public static final Throwable PROBLEM;
    /**
     * {@code () ClassLoader}: the static {@code latestUserDefinedLoader()}, the loader of the nearest frame whose class
     * a user-defined loader defined, which {@code ObjectInputStream.resolveClass} asks.
     */
    public static final MethodHandle LATEST_USER_DEFINED_LOADER;

    static {
        JdkLookup in = JdkLookup.ofPublic("jdk.internal.misc.VM");
        LATEST_USER_DEFINED_LOADER = in.staticMethod("latestUserDefinedLoader",
                MethodType.methodType(ClassLoader.class));
        PROBLEM = in.problem();
    }

    private JdkVm() {
    }
}
