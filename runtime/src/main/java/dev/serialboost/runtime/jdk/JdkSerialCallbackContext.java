package dev.serialboost.runtime.jdk;

import java.io.ObjectStreamClass;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/**
 * The members of {@code java.io.SerialCallbackContext} the runtime uses (see {@link JdkLookup}): what a stream knows
 * while a class's {@code writeObject} or {@code readObject} runs. The context is {@code Object} in the handles' types.
 */
public final class JdkSerialCallbackContext {

    /** Why a member is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code (Object, ObjectStreamClass) Object}: {@code new SerialCallbackContext(obj, desc)}. */
    public static final MethodHandle NEW;
    /** {@code (Object) void}: {@code check()}, which throws unless the current thread made the context. */
    public static final MethodHandle CHECK;
    /** {@code (Object) void}: {@code setUsed()}. */
    public static final MethodHandle SET_USED;
    /** {@code (Object) Object}: reads {@code obj}, without marking the context used as {@code getObj()} does. */
    public static final MethodHandle OBJ;
    /** {@code (Object) ObjectStreamClass}: reads {@code desc}. */
    public static final MethodHandle DESC;
    /** {@code (Object) Object}: {@code getObj()}, which checks the context and marks it used. */
    public static final MethodHandle GET_OBJ;

    static {
        JdkLookup in = JdkLookup.of("java.io.SerialCallbackContext");
        NEW = in.constructor(MethodType.methodType(void.class, Object.class, ObjectStreamClass.class));
        CHECK = in.virtual("check", MethodType.methodType(void.class));
        SET_USED = in.virtual("setUsed", MethodType.methodType(void.class));
        OBJ = in.getter("obj", Object.class);
        DESC = in.getter("desc", ObjectStreamClass.class);
        GET_OBJ = in.virtual("getObj", MethodType.methodType(Object.class));
        PROBLEM = in.problem();
    }

    private JdkSerialCallbackContext() {
    }
}
