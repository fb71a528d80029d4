package dev.serialboost.runtime.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The elements of primitive arrays as the JDK's object streams have them: big-endian bytes, floats and doubles as
 * their {@code floatToIntBits}/{@code doubleToLongBits} (every NaN written as the one canonical NaN, as the JDK writes
 * it). {@link PrimitiveArrays} converts them straight between an array and a byte-array stream's own array with these.
 * Each kind of array has a loop of its own, small enough for the JIT to compile with its byte-array accesses inlined.
 */
final class ElementBytes {

    // the kinds of array
    static final int BYTE = 0;
    static final int CHAR = 1;
    static final int SHORT = 2;
    static final int INT = 3;
    static final int FLOAT = 4;
    static final int LONG = 5;
    static final int DOUBLE = 6;

    private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private ElementBytes() {
    }

    /** The bytes of one element of the kind. */
    static int size(final int kind) {
        return switch (kind) {
            case BYTE -> 1;
            case CHAR, SHORT -> 2;
            case INT, FLOAT -> 4;
            default -> 8;
        };
    }

    /** {@code n} elements of {@code v} from {@code off}, big-endian, into {@code to} from {@code at}. */
    static void encode(final int kind, final Object v, final int off, final byte[] to, final int at,
                               final int n) {
        switch (kind) {
            case BYTE -> System.arraycopy(v, off, to, at, n);
            case CHAR -> encodeChars((char[]) v, off, to, at, n);
            case SHORT -> encodeShorts((short[]) v, off, to, at, n);
            case INT -> encodeInts((int[]) v, off, to, at, n);
            case FLOAT -> encodeFloats((float[]) v, off, to, at, n);
            case LONG -> encodeLongs((long[]) v, off, to, at, n);
            default -> encodeDoubles((double[]) v, off, to, at, n);
        }
    }

    private static void encodeChars(final char[] v, final int off, final byte[] to, final int at, final int n) {
        for (int i = 0; i < n; i++) {
            SHORTS.set(to, at + 2 * i, (short) v[off + i]);
        }
    }

    private static void encodeShorts(final short[] v, final int off, final byte[] to, final int at, final int n) {
        for (int i = 0; i < n; i++) {
            SHORTS.set(to, at + 2 * i, v[off + i]);
        }
    }

    private static void encodeInts(final int[] v, final int off, final byte[] to, final int at, final int n) {
        for (int i = 0; i < n; i++) {
            INTS.set(to, at + 4 * i, v[off + i]);
        }
    }

    private static void encodeFloats(final float[] v, final int off, final byte[] to, final int at, final int n) {
        for (int i = 0; i < n; i++) {
            INTS.set(to, at + 4 * i, Float.floatToIntBits(v[off + i])); // NaN written as the JDK writes it
        }
    }

    private static void encodeLongs(final long[] v, final int off, final byte[] to, final int at, final int n) {
        for (int i = 0; i < n; i++) {
            LONGS.set(to, at + 8 * i, v[off + i]);
        }
    }

    private static void encodeDoubles(final double[] v, final int off, final byte[] to, final int at, final int n) {
        for (int i = 0; i < n; i++) {
            LONGS.set(to, at + 8 * i, Double.doubleToLongBits(v[off + i])); // NaN written as the JDK writes it
        }
    }

    /** Zeroes {@code len} elements of {@code v} from {@code off}. */
    static void zero(final int kind, final Object v, final int off, final int len) {
        switch (kind) {
            case BYTE -> Arrays.fill((byte[]) v, off, off + len, (byte) 0);
            case CHAR -> Arrays.fill((char[]) v, off, off + len, (char) 0);
            case SHORT -> Arrays.fill((short[]) v, off, off + len, (short) 0);
            case INT -> Arrays.fill((int[]) v, off, off + len, 0);
            case FLOAT -> Arrays.fill((float[]) v, off, off + len, 0f);
            case LONG -> Arrays.fill((long[]) v, off, off + len, 0L);
            default -> Arrays.fill((double[]) v, off, off + len, 0d);
        }
    }

    /** {@code n} big-endian elements from {@code from} at {@code at} into {@code v} from {@code off}; see encode. */
    static void decode(final int kind, final byte[] from, final int at, final Object v, final int off,
                               final int n) {
        switch (kind) {
            case BYTE -> System.arraycopy(from, at, v, off, n);
            case CHAR -> decodeChars(from, at, (char[]) v, off, n);
            case SHORT -> decodeShorts(from, at, (short[]) v, off, n);
            case INT -> decodeInts(from, at, (int[]) v, off, n);
            case FLOAT -> decodeFloats(from, at, (float[]) v, off, n);
            case LONG -> decodeLongs(from, at, (long[]) v, off, n);
            default -> decodeDoubles(from, at, (double[]) v, off, n);
        }
    }

    private static void decodeChars(final byte[] from, final int at, final char[] v, final int off, final int n) {
        for (int i = 0; i < n; i++) {
            v[off + i] = (char) (short) SHORTS.get(from, at + 2 * i);
        }
    }

    private static void decodeShorts(final byte[] from, final int at, final short[] v, final int off, final int n) {
        for (int i = 0; i < n; i++) {
            v[off + i] = (short) SHORTS.get(from, at + 2 * i);
        }
    }

    private static void decodeInts(final byte[] from, final int at, final int[] v, final int off, final int n) {
        for (int i = 0; i < n; i++) {
            v[off + i] = (int) INTS.get(from, at + 4 * i);
        }
    }

    private static void decodeFloats(final byte[] from, final int at, final float[] v, final int off, final int n) {
        for (int i = 0; i < n; i++) {
            v[off + i] = Float.intBitsToFloat((int) INTS.get(from, at + 4 * i));
        }
    }

    private static void decodeLongs(final byte[] from, final int at, final long[] v, final int off, final int n) {
        for (int i = 0; i < n; i++) {
            v[off + i] = (long) LONGS.get(from, at + 8 * i);
        }
    }

    private static void decodeDoubles(final byte[] from, final int at, final double[] v, final int off,
                                      final int n) {
        for (int i = 0; i < n; i++) {
            v[off + i] = Double.longBitsToDouble((long) LONGS.get(from, at + 8 * i));
        }
    }
}
