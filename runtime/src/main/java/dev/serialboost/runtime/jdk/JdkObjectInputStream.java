package dev.serialboost.runtime.jdk;

import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/**
 * The members of {@code java.io.ObjectInputStream} the runtime uses (see {@link JdkLookup}): this class's own group is
 * what the engine reads descriptors with; {@link SerialData} is what the converted format reads an object's fields
 * with. The stream's block-data stream and handle table are {@code Object} in the handles' types.
 */
public final class JdkObjectInputStream {

    /** Why a member of this group is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code (ObjectInputStream, ObjectStreamClass) Class}: {@code resolveClass(desc)}, the stream class's own. */
    public static final MethodHandle RESOLVE_CLASS;
    /** {@code (ObjectInputStream, ObjectStreamClass) Class}: {@code ObjectInputStream}'s {@code resolveClass(desc)}. */
    public static final MethodHandle OWN_RESOLVE_CLASS;
    /** {@code (ObjectInputStream) ObjectStreamClass}: {@code readClassDescriptor()}, the stream's own. */
    public static final MethodHandle READ_CLASS_DESCRIPTOR;
    /** {@code (ObjectInputStream) long}: reads {@code depth}, how deep the current read is nested. */
    public static final MethodHandle DEPTH;
    /** {@code (ObjectInputStream) String}: {@code readTypeString()}, a string or a reference to one. */
    public static final MethodHandle READ_TYPE_STRING;
    /** {@code (ObjectInputStream) Object}: reads {@code bin}, the stream's block-data stream. */
    public static final MethodHandle BIN;

    static {
        JdkLookup in = JdkLookup.of(ObjectInputStream.class);
        MethodType resolve = MethodType.methodType(Class.class, ObjectStreamClass.class);
        RESOLVE_CLASS = in.virtual("resolveClass", resolve);
        OWN_RESOLVE_CLASS = in.special("resolveClass", resolve);
        READ_CLASS_DESCRIPTOR = in.virtual("readClassDescriptor", MethodType.methodType(ObjectStreamClass.class));
        DEPTH = in.getter("depth", long.class);
        READ_TYPE_STRING = in.virtual("readTypeString", MethodType.methodType(String.class));
        BIN = in.getter("bin", in.type("java.io.ObjectInputStream$BlockDataInputStream"));
        PROBLEM = in.problem();
    }

    private JdkObjectInputStream() {
    }

    /**
     * What {@code readSerialData}, {@code defaultReadObject} and {@code FieldValues} use to read an object's fields:
     * the callback context, the end of a level's default data, the handle table and the handle of the object being
     * read, and the stream's own read of a field's object. The callback context and the handle table are {@code
     * Object} in the handles' types ({@link JdkSerialCallbackContext}, {@link JdkInputHandleTable}).
     */
    public static final class SerialData {

        /** Why a member of this group is missing, or null. */
        public static final Throwable PROBLEM;
        /** {@code (ObjectInputStream) Object}: reads {@code curContext}. */
        public static final MethodHandle CUR_CONTEXT;
        /** {@code (ObjectInputStream, Object) void}: writes {@code curContext}. */
        public static final MethodHandle SET_CUR_CONTEXT;
        /** {@code (ObjectInputStream) void}: {@code skipCustomData()}, which reads past a level's custom data. */
        public static final MethodHandle SKIP_CUSTOM_DATA;
        /** {@code (ObjectInputStream, boolean) void}: writes {@code defaultDataEnd}. */
        public static final MethodHandle SET_DEFAULT_DATA_END;
        /** {@code (ObjectInputStream) Object}: reads {@code handles}, the handle table. */
        public static final MethodHandle HANDLES;
        /** {@code (ObjectInputStream) int}: reads {@code passHandle}, the handle of the object being read. */
        public static final MethodHandle PASS_HANDLE;
        /** {@code (ObjectInputStream, int) void}: writes {@code passHandle}. */
        public static final MethodHandle SET_PASS_HANDLE;
        /** {@code (ObjectInputStream, Class, boolean) Object}: {@code readObject0(type, unshared)}. */
        public static final MethodHandle READ_OBJECT0;

        static {
            JdkLookup in = JdkLookup.of(ObjectInputStream.class);
            Class<?> context = in.type("java.io.SerialCallbackContext");
            CUR_CONTEXT = in.getter("curContext", context);
            SET_CUR_CONTEXT = in.setter("curContext", context);
            SKIP_CUSTOM_DATA = in.virtual("skipCustomData", MethodType.methodType(void.class));
            SET_DEFAULT_DATA_END = in.setter("defaultDataEnd", boolean.class);
            HANDLES = in.getter("handles", in.type("java.io.ObjectInputStream$HandleTable"));
            PASS_HANDLE = in.getter("passHandle", int.class);
            SET_PASS_HANDLE = in.setter("passHandle", int.class);
            READ_OBJECT0 = in.virtual("readObject0", MethodType.methodType(Object.class, Class.class,
                    boolean.class));
            PROBLEM = in.problem();
        }

        private SerialData() {
        }
    }
}
