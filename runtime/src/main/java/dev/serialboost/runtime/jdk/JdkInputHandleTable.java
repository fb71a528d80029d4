package dev.serialboost.runtime.jdk;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/**
 * The members of {@code java.io.ObjectInputStream$HandleTable} the runtime uses (see {@link JdkLookup}): the
 * exceptions and dependencies of the objects a stream has read. The table is {@code Object} in the handles' types.
 */
public final class JdkInputHandleTable {

    /** Why a member is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code (Object, int, ClassNotFoundException) void}: {@code markException(handle, ex)}. */
    public static final MethodHandle MARK_EXCEPTION;
    /** {@code (Object, int, int) void}: {@code markDependency(dependent, target)}. */
    public static final MethodHandle MARK_DEPENDENCY;
    /** {@code (Object, int) ClassNotFoundException}: {@code lookupException(handle)}, or null. */
    public static final MethodHandle LOOKUP_EXCEPTION;

    static {
        JdkLookup in = JdkLookup.of("java.io.ObjectInputStream$HandleTable");
        MARK_EXCEPTION = in.virtual("markException", MethodType.methodType(void.class, int.class,
                ClassNotFoundException.class));
        MARK_DEPENDENCY = in.virtual("markDependency", MethodType.methodType(void.class, int.class, int.class));
        LOOKUP_EXCEPTION = in.virtual("lookupException", MethodType.methodType(ClassNotFoundException.class,
                int.class));
        PROBLEM = in.problem();
    }

    private JdkInputHandleTable() {
    }
}
