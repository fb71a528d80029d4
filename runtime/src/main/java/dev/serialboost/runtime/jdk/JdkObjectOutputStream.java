package dev.serialboost.runtime.jdk;

import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/**
 * The members of {@code java.io.ObjectOutputStream} the runtime uses (see {@link JdkLookup}): this class's own group
 * is what the engine writes descriptors with; {@link SerialData} is what the converted format writes a class level
 * with its class's own {@code writeObject} with. The stream's block-data stream is {@code Object} in the handles'
 * types ({@link JdkBlockDataOutputStream}).
 */
public final class JdkObjectOutputStream {

    /** Why a member of this group is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code (ObjectOutputStream) Object}: reads {@code bout}, the stream's block-data stream. */
    public static final MethodHandle BOUT;
    /**
     * {@code (ObjectOutputStream, ObjectStreamClass) void}: {@code writeClassDescriptor(desc)}, the stream's own (it
     * may override it).
     */
    public static final MethodHandle WRITE_CLASS_DESCRIPTOR;
    /** {@code (ObjectOutputStream, String) void}: {@code writeTypeString(str)}, a string or a reference to it. */
    public static final MethodHandle WRITE_TYPE_STRING;
    /** {@code (ObjectOutputStream) int}: {@code getProtocolVersion()}. */
    public static final MethodHandle GET_PROTOCOL_VERSION;

    static {
        JdkLookup in = JdkLookup.of(ObjectOutputStream.class);
        BOUT = in.getter("bout", in.type("java.io.ObjectOutputStream$BlockDataOutputStream"));
        WRITE_CLASS_DESCRIPTOR = in.virtual("writeClassDescriptor", MethodType.methodType(void.class,
                ObjectStreamClass.class));
        WRITE_TYPE_STRING = in.virtual("writeTypeString", MethodType.methodType(void.class, String.class));
        GET_PROTOCOL_VERSION = in.virtual("getProtocolVersion", MethodType.methodType(int.class));
        PROBLEM = in.problem();
    }

    private JdkObjectOutputStream() {
    }

    /**
     * What {@code writeSerialData} and {@code defaultWriteObject} use for a class level with its own {@code
     * writeObject}: the callback context and put-field state, and the stream's own write of a field's object. The
     * callback context and put-field object are {@code Object} in the handles' types.
     */
    public static final class SerialData {

        /** Why a member of this group is missing, or null. */
        public static final Throwable PROBLEM;
        /** {@code (ObjectOutputStream) Object}: reads {@code curContext}, the {@code SerialCallbackContext}. */
        public static final MethodHandle CUR_CONTEXT;
        /** {@code (ObjectOutputStream, Object) void}: writes {@code curContext}. */
        public static final MethodHandle SET_CUR_CONTEXT;
        /** {@code (ObjectOutputStream) Object}: reads {@code curPut}, the {@code PutFieldImpl}. */
        public static final MethodHandle CUR_PUT;
        /** {@code (ObjectOutputStream, Object) void}: writes {@code curPut}. */
        public static final MethodHandle SET_CUR_PUT;
        /** {@code (ObjectOutputStream, Object, boolean) void}: {@code writeObject0(obj, unshared)}. */
        public static final MethodHandle WRITE_OBJECT0;
        /** The value of the static {@code extendedDebugInfo}; true when it cannot be read. */
        public static final boolean EXTENDED_DEBUG_INFO;

        static {
            JdkLookup in = JdkLookup.of(ObjectOutputStream.class);
            Class<?> context = in.type("java.io.SerialCallbackContext");
            Class<?> put = in.type("java.io.ObjectOutputStream$PutFieldImpl");
            CUR_CONTEXT = in.getter("curContext", context);
            SET_CUR_CONTEXT = in.setter("curContext", context);
            CUR_PUT = in.getter("curPut", put);
            SET_CUR_PUT = in.setter("curPut", put);
            WRITE_OBJECT0 = in.virtual("writeObject0", MethodType.methodType(void.class, Object.class,
                    boolean.class));
            EXTENDED_DEBUG_INFO = value(in.staticGetter("extendedDebugInfo", boolean.class));
            PROBLEM = in.problem();
        }

        private SerialData() {
        }

        private static boolean value(final MethodHandle getter) {
            try {
                return getter == null || (boolean) getter.invokeExact();
            } catch (Throwable t) {
                return true;
            }
        }
    }
}
