package dev.serialboost.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * {@code jdk.internal.misc.Unsafe}, reached through method handles so that nothing here needs the
 * package at compile time and a JVM that does not export it fails with a clear problem instead of a
 * linkage error. Unlike {@code sun.misc.Unsafe} it prints no deprecation warning on JDK 24+ and is not
 * affected by {@code --sun-misc-unsafe-memory-access}. The handles are constants, so the JIT inlines
 * them into plain stores.
 */
final class InternalUnsafe {

    static final Throwable PROBLEM;
    static final MethodHandle OBJECT_FIELD_OFFSET;
    static final MethodHandle PUT_BOOLEAN;
    static final MethodHandle PUT_BYTE;
    static final MethodHandle PUT_CHAR;
    static final MethodHandle PUT_SHORT;
    static final MethodHandle PUT_INT;
    static final MethodHandle PUT_LONG;
    static final MethodHandle PUT_FLOAT;
    static final MethodHandle PUT_DOUBLE;
    static final MethodHandle PUT_REFERENCE;
    static final MethodHandle GET_BYTE;
    static final MethodHandle GET_SHORT;
    static final MethodHandle GET_INT;
    static final MethodHandle GET_LONG;
    static final MethodHandle GET_LONG_UNALIGNED;
    static final MethodHandle PUT_LONG_UNALIGNED;
    /** {@code allocateUninitializedArray(Class, int)}: an array of a primitive type whose memory is not zeroed. */
    static final MethodHandle ALLOCATE_UNINITIALIZED;
    /** Offset of element 0 of a {@code byte[]}. */
    static final long BYTE_ARRAY_BASE;

    static {
        long[] byteArrayBase = {-1};
        MethodHandle[] handles = new MethodHandle[17];
        Throwable problem = Privileged.call(() -> lookUp(handles, byteArrayBase));
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

    /** Finds the handles into {@code handles} and the array base into {@code byteArrayBase[0]}; what failed, or null. */
    private static Throwable lookUp(final MethodHandle[] handles, final long[] byteArrayBase) {
        try {
            Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            Object unsafe = lookup.findStatic(unsafeClass, "getUnsafe", MethodType.methodType(unsafeClass)).invoke();
            handles[0] = lookup.findVirtual(unsafeClass, "objectFieldOffset",
                    MethodType.methodType(long.class, Class.class, String.class)).bindTo(unsafe);
            Class<?>[] types = {boolean.class, byte.class, char.class, short.class, int.class, long.class,
                float.class, double.class, Object.class};
            String[] names = {"putBoolean", "putByte", "putChar", "putShort", "putInt", "putLong", "putFloat",
                "putDouble", "putReference"};
            for (int i = 0; i < types.length; i++) {
                handles[i + 1] = lookup.findVirtual(unsafeClass, names[i],
                        MethodType.methodType(void.class, Object.class, long.class, types[i])).bindTo(unsafe);
            }
            Class<?>[] getTypes = {byte.class, short.class, int.class, long.class, long.class};
            String[] getNames = {"getByte", "getShort", "getInt", "getLong", "getLongUnaligned"};
            for (int i = 0; i < getTypes.length; i++) {
                handles[i + 10] = lookup.findVirtual(unsafeClass, getNames[i],
                        MethodType.methodType(getTypes[i], Object.class, long.class)).bindTo(unsafe);
            }
            handles[15] = lookup.findVirtual(unsafeClass, "putLongUnaligned",
                    MethodType.methodType(void.class, Object.class, long.class, long.class)).bindTo(unsafe);
            handles[16] = lookup.findVirtual(unsafeClass, "allocateUninitializedArray",
                    MethodType.methodType(Object.class, Class.class, int.class)).bindTo(unsafe);
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

    static long objectFieldOffset(final Class<?> owner, final String field) {
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
