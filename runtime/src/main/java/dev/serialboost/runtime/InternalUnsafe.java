package dev.serialboost.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * {@code jdk.internal.misc.Unsafe}, reached through method handles so that nothing here needs the
 * package at compile time and a JVM that does not export it fails with a clear problem instead of a
 * linkage error. Unlike {@code sun.misc.Unsafe} it prints no deprecation warning on JDK 24+ and is not
 * affected by {@code --sun-misc-unsafe-memory-access}. The handles are constants, so the JIT inlines
 * them into plain stores. They are made when this class is first used (a final field stored, a bulk record
 * copied, a primitive array read); whether they can be is told before, by {@link Availability}.
 */
public final class InternalUnsafe {

    static final Throwable PROBLEM;
    static final MethodHandle OBJECT_FIELD_OFFSET;
    public static final MethodHandle PUT_BOOLEAN;
    public static final MethodHandle PUT_BYTE;
    public static final MethodHandle PUT_CHAR;
    public static final MethodHandle PUT_SHORT;
    public static final MethodHandle PUT_INT;
    public static final MethodHandle PUT_LONG;
    public static final MethodHandle PUT_FLOAT;
    public static final MethodHandle PUT_DOUBLE;
    public static final MethodHandle PUT_REFERENCE;
    public static final MethodHandle GET_BYTE;
    public static final MethodHandle GET_SHORT;
    public static final MethodHandle GET_INT;
    public static final MethodHandle GET_LONG;
    public static final MethodHandle GET_LONG_UNALIGNED;
    public static final MethodHandle PUT_LONG_UNALIGNED;
    /** {@code allocateUninitializedArray(Class, int)}: an array of a primitive type whose memory is not zeroed. */
    public static final MethodHandle ALLOCATE_UNINITIALIZED;
    /** Offset of element 0 of a {@code byte[]}. */
    public static final long BYTE_ARRAY_BASE;

    static {
        long[] byteArrayBase = {-1};
        MethodHandle[] handles = new MethodHandle[Availability.NAMES.length];
        Throwable problem = Availability.PROBLEM != null ? Availability.PROBLEM
                : Privileged.call(() -> lookUp(handles, byteArrayBase));
        PROBLEM = problem;
        BYTE_ARRAY_BASE = byteArrayBase[0];
        OBJECT_FIELD_OFFSET = handles[0];
        PUT_BOOLEAN = handles[1];
        PUT_BYTE = handles[2];
        PUT_CHAR = handles[3];
        PUT_SHORT = handles[4];
        PUT_INT = handles[5];
        PUT_LONG = handles[6];
        PUT_FLOAT = handles[7];
        PUT_DOUBLE = handles[8];
        PUT_REFERENCE = handles[9];
        GET_BYTE = handles[10];
        GET_SHORT = handles[11];
        GET_INT = handles[12];
        GET_LONG = handles[13];
        GET_LONG_UNALIGNED = handles[14];
        PUT_LONG_UNALIGNED = handles[15];
        ALLOCATE_UNINITIALIZED = handles[16];
    }

    /**
     * Whether the handles can be made on this JVM, found by reflection: {@code jdk.internal.misc.Unsafe}, its package
     * exported to the runtime, and each method the handles are made of, public, of its type. Reflection spins no
     * class, where making the handles spins a few for each (measured, JDK 17: 37 hidden classes), so the agent asks
     * this at start-up and the handles wait for their first use.
     */
    public static final class Availability {

        /** The methods of the handles, in their order. */
        static final String[] NAMES = {"objectFieldOffset", "putBoolean", "putByte", "putChar", "putShort", "putInt",
            "putLong", "putFloat", "putDouble", "putReference", "getByte", "getShort", "getInt", "getLong",
            "getLongUnaligned", "putLongUnaligned", "allocateUninitializedArray"};
        /** Their types, without the receiver. */
        static final MethodType[] TYPES = types();
        /** Why the handles cannot be made, or null. */
        public static final Throwable PROBLEM = Privileged.call(Availability::check);

        private Availability() {
        }

        private static MethodType[] types() {
            MethodType[] types = new MethodType[NAMES.length];
            types[0] = MethodType.methodType(long.class, Class.class, String.class);
            Class<?>[] stored = {boolean.class, byte.class, char.class, short.class, int.class, long.class,
                float.class, double.class, Object.class};
            for (int i = 0; i < stored.length; i++) {
                types[i + 1] = MethodType.methodType(void.class, Object.class, long.class, stored[i]);
            }
            Class<?>[] loaded = {byte.class, short.class, int.class, long.class, long.class};
            for (int i = 0; i < loaded.length; i++) {
                types[i + 10] = MethodType.methodType(loaded[i], Object.class, long.class);
            }
            types[15] = MethodType.methodType(void.class, Object.class, long.class, long.class);
            types[16] = MethodType.methodType(Object.class, Class.class, int.class);
            return types;
        }

        private static Throwable check() {
            try {
                Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
                Module runtime = Availability.class.getModule();
                if (!unsafeClass.getModule().isExported(unsafeClass.getPackageName(), runtime)) {
                    throw new IllegalAccessException(unsafeClass.getPackageName() + " is not exported to " + runtime);
                }
                method(unsafeClass, "getUnsafe", MethodType.methodType(unsafeClass), true);
                for (int i = 0; i < NAMES.length; i++) {
                    method(unsafeClass, NAMES[i], TYPES[i], false);
                }
                Class<?> base = unsafeClass.getMethod("arrayBaseOffset", Class.class).getReturnType();
                if (base != int.class && base != long.class) {
                    throw new NoSuchMethodException(unsafeClass.getName() + ".arrayBaseOffset returns " + base);
                }
                return null;
            } catch (ReflectiveOperationException | RuntimeException e) {
                return e;
            }
        }

        /** Checks that {@code owner} has the public method {@code name} of {@code type}, static or not. */
        static void method(final Class<?> owner, final String name, final MethodType type, final boolean isStatic)
                throws NoSuchMethodException {
            java.lang.reflect.Method m = owner.getMethod(name, type.parameterArray());
            if (m.getReturnType() != type.returnType()
                    || java.lang.reflect.Modifier.isStatic(m.getModifiers()) != isStatic) {
                throw new NoSuchMethodException(owner.getName() + "." + name + (isStatic ? " static " : " ") + type);
            }
        }
    }

    /** Finds the handles into {@code handles} and the array base into {@code byteArrayBase[0]}; what failed, or null. */
    private static Throwable lookUp(final MethodHandle[] handles, final long[] byteArrayBase) {
        try {
            Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            Object unsafe = lookup.findStatic(unsafeClass, "getUnsafe", MethodType.methodType(unsafeClass)).invoke();
            for (int i = 0; i < handles.length; i++) {
                handles[i] = lookup.findVirtual(unsafeClass, Availability.NAMES[i], Availability.TYPES[i])
                        .bindTo(unsafe);
            }
            MethodHandle arrayBase;
            try {
                arrayBase = lookup.findVirtual(unsafeClass, "arrayBaseOffset", MethodType.methodType(int.class, Class.class));
            } catch (NoSuchMethodException e) {
                // JDK 24 and later return long
                arrayBase = lookup.findVirtual(unsafeClass, "arrayBaseOffset", MethodType.methodType(long.class, Class.class));
            }
            byteArrayBase[0] = ((Number) arrayBase.invoke(unsafe, byte[].class)).longValue();
        } catch (Throwable t) {
            return t;
        }
        return null;
    }

    private InternalUnsafe() {
    }

    public static long objectFieldOffset(final Class<?> owner, final String field) {
        if (PROBLEM != null) {
            throw new IllegalStateException("the serialboost runtime cannot use jdk.internal.misc.Unsafe, needed for "
                    + owner.getName() + "." + field + ": " + PROBLEM, PROBLEM);
        }
        try {
            return (long) OBJECT_FIELD_OFFSET.invokeExact(owner, field);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
