package dev.serialboost.runtime.jdk;

import dev.serialboost.runtime.Privileged;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.function.Supplier;

/**
 * The members of {@code jdk.internal.misc.Unsafe} the runtime uses (see {@link JdkLookup}), each method declared once
 * in {@link Member} and bound to the instance: stores into final fields ({@code FinalField}), bulk records ({@code
 * BulkLayout}), copies of stream fields ({@code FieldCopies}) and arrays allocated without zeroing ({@code
 * PrimitiveArrays}). Unlike {@code sun.misc.Unsafe} it prints no deprecation warning on JDK 24+ and is not affected by
 * {@code --sun-misc-unsafe-memory-access}. The handles are constants, so the JIT inlines them into plain loads and
 * stores. Making a bound handle spins classes (measured, JDK 17: 37 hidden classes for all of them), so each group is
 * made when its first user needs it, and whether they can be made is told before, without making any, by {@link
 * Availability}. This class's own group is the instance and the offset of a byte array's first element.
 */
public final class JdkUnsafe {

    /** The methods of {@code Unsafe} the runtime calls, each by name and type without the receiver. */
    private enum Member {
        OBJECT_FIELD_OFFSET("objectFieldOffset", long.class, Class.class, String.class),
        ALLOCATE_INSTANCE("allocateInstance", Object.class, Class.class),
        ALLOCATE_UNINITIALIZED_ARRAY("allocateUninitializedArray", Object.class, Class.class, int.class),
        PUT_REFERENCE("putReference", void.class, Object.class, long.class, Object.class),
        GET_REFERENCE("getReference", Object.class, Object.class, long.class),
        PUT_BOOLEAN("putBoolean", void.class, Object.class, long.class, boolean.class),
        PUT_BYTE("putByte", void.class, Object.class, long.class, byte.class),
        PUT_CHAR("putChar", void.class, Object.class, long.class, char.class),
        PUT_SHORT("putShort", void.class, Object.class, long.class, short.class),
        PUT_INT("putInt", void.class, Object.class, long.class, int.class),
        PUT_LONG("putLong", void.class, Object.class, long.class, long.class),
        PUT_FLOAT("putFloat", void.class, Object.class, long.class, float.class),
        PUT_DOUBLE("putDouble", void.class, Object.class, long.class, double.class),
        GET_BYTE("getByte", byte.class, Object.class, long.class),
        GET_SHORT("getShort", short.class, Object.class, long.class),
        GET_INT("getInt", int.class, Object.class, long.class),
        GET_LONG("getLong", long.class, Object.class, long.class),
        GET_LONG_UNALIGNED("getLongUnaligned", long.class, Object.class, long.class),
        PUT_LONG_UNALIGNED("putLongUnaligned", void.class, Object.class, long.class, long.class),
        SHOULD_BE_INITIALIZED("shouldBeInitialized", boolean.class, Class.class);

        private final String method;
        private final MethodType type;

        Member(final String method, final Class<?> returns, final Class<?>... parameters) {
            this.method = method;
            this.type = MethodType.methodType(returns, parameters);
        }

        /** This method, bound to the instance; null when it cannot be (said by {@code in}'s problem). */
        MethodHandle bound(final JdkLookup in) {
            return in.bound(method, type, UNSAFE);
        }
    }

    /** Why the instance or the array offset cannot be had, or null. */
    public static final Throwable PROBLEM;
    /** {@code Unsafe.getUnsafe()}; null when it cannot be had. */
    private static final Object UNSAFE;
    /** {@code ARRAY_BYTE_BASE_OFFSET}, the offset of element 0 of a {@code byte[]} (an int before JDK 24); or -1. */
    public static final long BYTE_ARRAY_BASE;

    static {
        JdkLookup in = JdkLookup.ofPublic("jdk.internal.misc.Unsafe");
        Class<?> unsafe = in.type("jdk.internal.misc.Unsafe");
        UNSAFE = instance(in.staticMethod("getUnsafe", MethodType.methodType(unsafe)));
        JdkLookup either = in.optional();
        BYTE_ARRAY_BASE = byteArrayBase(either.staticGetter("ARRAY_BYTE_BASE_OFFSET", int.class),
                either.staticGetter("ARRAY_BYTE_BASE_OFFSET", long.class));
        PROBLEM = JdkLookup.firstProblem(in.problem(), UNSAFE == null || BYTE_ARRAY_BASE < 0
                ? new NoSuchFieldException("jdk.internal.misc.Unsafe: no instance, or no ARRAY_BYTE_BASE_OFFSET")
                : null);
    }

    private JdkUnsafe() {
    }

    /**
     * {@code objectFieldOffset(owner, field)}: where the instance field {@code field} of {@code owner} is.
     *
     * @throws IllegalStateException when {@code Unsafe} cannot be used, saying why
     */
    public static long objectFieldOffset(final Class<?> owner, final String field) {
        if (ObjectFields.PROBLEM != null) {
            throw new IllegalStateException("the serialboost runtime cannot use jdk.internal.misc.Unsafe, needed for "
                    + owner.getName() + "." + field + ": " + ObjectFields.PROBLEM, ObjectFields.PROBLEM);
        }
        try {
            return (long) ObjectFields.OBJECT_FIELD_OFFSET.invokeExact(owner, field);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static Object instance(final MethodHandle getUnsafe) {
        try {
            return getUnsafe == null ? null : (Object) getUnsafe.invokeExact();
        } catch (Throwable t) {
            return null;
        }
    }

    private static long byteArrayBase(final MethodHandle asInt, final MethodHandle asLong) {
        try {
            return asInt != null ? (int) asInt.invokeExact() : asLong != null ? (long) asLong.invokeExact() : -1;
        } catch (Throwable t) {
            return -1;
        }
    }

    /**
     * Finding an instance field, loading and storing a reference in it, and allocating an object without a
     * constructor.
     */
    public static final class ObjectFields {

        /** Why a member of this group cannot be had, or null. */
        public static final Throwable PROBLEM;
        /** {@code (Class, String) long}: {@code objectFieldOffset(c, name)}. */
        public static final MethodHandle OBJECT_FIELD_OFFSET;
        /** {@code (Object, long, Object) void}: {@code putReference(o, offset, x)}. */
        public static final MethodHandle PUT_REFERENCE;
        /** {@code (Object, long) Object}: {@code getReference(o, offset)}. */
        public static final MethodHandle GET_REFERENCE;
        /** {@code (Class) Object}: {@code allocateInstance(cls)}. */
        public static final MethodHandle ALLOCATE_INSTANCE;

        static {
            JdkLookup in = JdkLookup.ofPublic("jdk.internal.misc.Unsafe");
            OBJECT_FIELD_OFFSET = Member.OBJECT_FIELD_OFFSET.bound(in);
            PUT_REFERENCE = Member.PUT_REFERENCE.bound(in);
            GET_REFERENCE = Member.GET_REFERENCE.bound(in);
            ALLOCATE_INSTANCE = Member.ALLOCATE_INSTANCE.bound(in);
            PROBLEM = JdkLookup.firstProblem(JdkUnsafe.PROBLEM, in.problem());
        }

        private ObjectFields() {
        }
    }

    /** Loads and stores of primitive fields: {@code (Object, long, T) void} puts, {@code (Object, long) T} gets. */
    public static final class PrimitiveFields {

        /** Why a member of this group cannot be had, or null. */
        public static final Throwable PROBLEM;
        /** {@code putBoolean(o, offset, x)}. */
        public static final MethodHandle PUT_BOOLEAN;
        /** {@code putByte(o, offset, x)}. */
        public static final MethodHandle PUT_BYTE;
        /** {@code putChar(o, offset, x)}. */
        public static final MethodHandle PUT_CHAR;
        /** {@code putShort(o, offset, x)}. */
        public static final MethodHandle PUT_SHORT;
        /** {@code putInt(o, offset, x)}. */
        public static final MethodHandle PUT_INT;
        /** {@code putLong(o, offset, x)}. */
        public static final MethodHandle PUT_LONG;
        /** {@code putFloat(o, offset, x)}. */
        public static final MethodHandle PUT_FLOAT;
        /** {@code putDouble(o, offset, x)}. */
        public static final MethodHandle PUT_DOUBLE;
        /** {@code getByte(o, offset)}. */
        public static final MethodHandle GET_BYTE;
        /** {@code getShort(o, offset)}. */
        public static final MethodHandle GET_SHORT;
        /** {@code getInt(o, offset)}. */
        public static final MethodHandle GET_INT;
        /** {@code getLong(o, offset)}. */
        public static final MethodHandle GET_LONG;
        /** {@code getLongUnaligned(o, offset)}: eight bytes at any offset, in the platform's order. */
        public static final MethodHandle GET_LONG_UNALIGNED;
        /** {@code putLongUnaligned(o, offset, x)}. */
        public static final MethodHandle PUT_LONG_UNALIGNED;

        static {
            JdkLookup in = JdkLookup.ofPublic("jdk.internal.misc.Unsafe");
            PUT_BOOLEAN = Member.PUT_BOOLEAN.bound(in);
            PUT_BYTE = Member.PUT_BYTE.bound(in);
            PUT_CHAR = Member.PUT_CHAR.bound(in);
            PUT_SHORT = Member.PUT_SHORT.bound(in);
            PUT_INT = Member.PUT_INT.bound(in);
            PUT_LONG = Member.PUT_LONG.bound(in);
            PUT_FLOAT = Member.PUT_FLOAT.bound(in);
            PUT_DOUBLE = Member.PUT_DOUBLE.bound(in);
            GET_BYTE = Member.GET_BYTE.bound(in);
            GET_SHORT = Member.GET_SHORT.bound(in);
            GET_INT = Member.GET_INT.bound(in);
            GET_LONG = Member.GET_LONG.bound(in);
            GET_LONG_UNALIGNED = Member.GET_LONG_UNALIGNED.bound(in);
            PUT_LONG_UNALIGNED = Member.PUT_LONG_UNALIGNED.bound(in);
            PROBLEM = JdkLookup.firstProblem(JdkUnsafe.PROBLEM, in.problem());
        }

        private PrimitiveFields() {
        }
    }

    /** Arrays of a primitive type allocated without zeroing their memory. */
    public static final class UninitializedArrays {

        /** Why the member cannot be had, or null. */
        public static final Throwable PROBLEM;
        /** {@code (Class, int) Object}: {@code allocateUninitializedArray(componentType, length)}. */
        public static final MethodHandle ALLOCATE_UNINITIALIZED_ARRAY;

        static {
            JdkLookup in = JdkLookup.ofPublic("jdk.internal.misc.Unsafe");
            ALLOCATE_UNINITIALIZED_ARRAY = Member.ALLOCATE_UNINITIALIZED_ARRAY.bound(in);
            PROBLEM = JdkLookup.firstProblem(JdkUnsafe.PROBLEM, in.problem());
        }

        private UninitializedArrays() {
        }
    }

    /** Whether a class is initialized yet, without initializing it (the agent's {@code filter} setting asks). */
    public static final class ClassInitialization {

        /** Why the member cannot be had, or null. */
        public static final Throwable PROBLEM;
        /**
         * {@code (Class) boolean}: {@code shouldBeInitialized(c)}, false once {@code c} is initialized; true before and
         * while its initializer runs.
         */
        public static final MethodHandle SHOULD_BE_INITIALIZED;

        static {
            JdkLookup in = JdkLookup.ofPublic("jdk.internal.misc.Unsafe");
            SHOULD_BE_INITIALIZED = Member.SHOULD_BE_INITIALIZED.bound(in);
            PROBLEM = JdkLookup.firstProblem(JdkUnsafe.PROBLEM, in.problem());
        }

        private ClassInitialization() {
        }
    }

    /**
     * Whether the groups above can be made on this JVM, found by reflection: {@code jdk.internal.misc.Unsafe}, its
     * package exported to the runtime, {@code getUnsafe}, {@code ARRAY_BYTE_BASE_OFFSET}, and each method of {@link
     * Member}, public, of its type. Reflection spins no class, where making the handles spins a few for each, so the
     * agent asks this at start-up (through {@code GeneratedCode.finalFieldsProblem}) and the handles wait for their
     * first use.
     */
    public static final class Availability {

        /** Why the handles cannot be made, or null. */
        public static final Throwable PROBLEM = Privileged.call(new Check());

        private Availability() {
        }

        /** Checks that {@code owner} has the public method {@code name} of {@code type}, static or not. */
        static void method(final Class<?> owner, final String name, final MethodType type, final boolean isStatic)
                throws NoSuchMethodException {
            java.lang.reflect.Method m = owner.getMethod(name, type.parameterArray());
            if (m.getReturnType() != type.returnType() || Modifier.isStatic(m.getModifiers()) != isStatic) {
                throw new NoSuchMethodException(owner.getName() + "." + name + (isStatic ? " static " : " ") + type);
            }
        }

        /** The check, as the runtime's own action; a class of its own, not a lambda the JVM would spin one for. */
        private static final class Check implements Supplier<Throwable> {
            @Override
            public Throwable get() {
                try {
                    Class<?> unsafe = Class.forName("jdk.internal.misc.Unsafe");
                    Module runtime = Availability.class.getModule();
                    if (!unsafe.getModule().isExported(unsafe.getPackageName(), runtime)) {
                        throw new IllegalAccessException(unsafe.getPackageName() + " is not exported to " + runtime);
                    }
                    method(unsafe, "getUnsafe", MethodType.methodType(unsafe), true);
                    for (Member member : Member.values()) {
                        method(unsafe, member.method, member.type, false);
                    }
                    Field base = unsafe.getField("ARRAY_BYTE_BASE_OFFSET");
                    if (base.getType() != int.class && base.getType() != long.class
                            || !Modifier.isStatic(base.getModifiers())) {
                        throw new NoSuchFieldException(unsafe.getName() + ".ARRAY_BYTE_BASE_OFFSET is " + base);
                    }
                    return null;
                } catch (ReflectiveOperationException | RuntimeException e) {
                    return e;
                }
            }
        }
    }
}
