package dev.serialboost.runtime.jdk;

import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;

/**
 * The members of {@code java.io.ObjectStreamField} the runtime uses (see {@link JdkLookup}); {@link Layout} is what a
 * field is copied with without its constructor.
 */
public final class JdkObjectStreamField {

    /** Why a member of this group is missing, or null. */
    public static final Throwable PROBLEM;
    /**
     * {@code (String, String, boolean) ObjectStreamField}: {@code new ObjectStreamField(name, signature, unshared)},
     * the constructor {@code readNonProxy} makes a stream's fields with.
     */
    public static final MethodHandle NEW;
    /** {@code (ObjectStreamField) Field}: {@code getField()}, the local field a stream field is bound to, or null. */
    public static final MethodHandle GET_FIELD;

    static {
        JdkLookup in = JdkLookup.of(ObjectStreamField.class);
        NEW = in.constructor(MethodType.methodType(void.class, String.class, String.class, boolean.class));
        GET_FIELD = in.virtual("getField", MethodType.methodType(Field.class));
        PROBLEM = in.problem();
    }

    private JdkObjectStreamField() {
    }

    /**
     * The final fields a field made by {@code new ObjectStreamField(name, signature, false)} gets values in besides the
     * defaults: readers of two of them, and where all three are ({@code Unsafe} offsets, for stores without the
     * constructor, as the JDK's own {@code FieldReflector} stores an object's final fields).
     */
    public static final class Layout {

        /** Why a member of this group is missing, or null. */
        public static final Throwable PROBLEM;
        /** {@code (ObjectStreamField) String}: reads {@code signature}. */
        public static final MethodHandle SIGNATURE;
        /** {@code (ObjectStreamField) Class}: reads {@code type}. */
        public static final MethodHandle TYPE;
        /** Where {@code name} is ({@code Unsafe.objectFieldOffset}); -1 when not known. */
        public static final long NAME_OFFSET;
        /** Where {@code signature} is; -1 when not known. */
        public static final long SIGNATURE_OFFSET;
        /** Where {@code type} is; -1 when not known. */
        public static final long TYPE_OFFSET;

        static {
            JdkLookup in = JdkLookup.of(ObjectStreamField.class);
            SIGNATURE = in.getter("signature", String.class);
            TYPE = in.getter("type", Class.class);
            Throwable problem = JdkLookup.firstProblem(in.problem(), JdkUnsafe.ObjectFields.PROBLEM);
            boolean known = problem == null;
            NAME_OFFSET = known ? JdkUnsafe.objectFieldOffset(ObjectStreamField.class, "name") : -1;
            SIGNATURE_OFFSET = known ? JdkUnsafe.objectFieldOffset(ObjectStreamField.class, "signature") : -1;
            TYPE_OFFSET = known ? JdkUnsafe.objectFieldOffset(ObjectStreamField.class, "type") : -1;
            PROBLEM = problem;
        }

        private Layout() {
        }
    }
}
