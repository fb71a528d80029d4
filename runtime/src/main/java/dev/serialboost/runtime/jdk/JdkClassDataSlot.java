package dev.serialboost.runtime.jdk;

import java.io.ObjectStreamClass;
import java.lang.invoke.MethodHandle;

/**
 * The members of {@code java.io.ObjectStreamClass$ClassDataSlot} the runtime uses (see {@link JdkLookup}): one slot of
 * a class data layout ({@link JdkObjectStreamClass.SerialData#GET_CLASS_DATA_LAYOUT}), {@code Object} in the handles'
 * types.
 */
public final class JdkClassDataSlot {

    /** Why a member is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code (Object) ObjectStreamClass}: reads {@code desc}, the slot's class descriptor. */
    public static final MethodHandle DESC;
    /** {@code (Object) boolean}: reads {@code hasData}, whether the stream has data for the slot. */
    public static final MethodHandle HAS_DATA;

    static {
        JdkLookup in = JdkLookup.of("java.io.ObjectStreamClass$ClassDataSlot");
        DESC = in.getter("desc", ObjectStreamClass.class);
        HAS_DATA = in.getter("hasData", boolean.class);
        PROBLEM = in.problem();
    }

    private JdkClassDataSlot() {
    }
}
