package dev.serialboost.runtime.engine;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link PrimitiveArrays} against the JDK's own block stream methods, on twin streams: one written (or read) through
 * the block stream's {@code writeLongs}, {@code readLongs} and the like, the other through {@code PrimitiveArrays},
 * with the same random calls — every kind of element, lengths around the buffer's 1,024 bytes and far beyond, the
 * block buffer already partly full (writing) or the elements cut short by the end of the stream (reading), byte-array
 * streams of small and large first capacity, a subclass of them, block-data mode. After each call: the same bytes in
 * the byte-array stream, the same capacity of its array (it grows as the JDK's writes make it grow), the same bytes
 * and position in the block buffer; on reading, the same elements, the same exception, the same position of the
 * byte-array stream and the same count of bytes read (what filters are told). Floats and doubles include NaNs of
 * other bit patterns, which the JDK writes as the one canonical NaN.
 */
class PrimitiveArraysTest {

    private static final String[] KINDS = {"Bytes", "Chars", "Shorts", "Ints", "Floats", "Longs", "Doubles"};
    private static final Class<?>[] ARRAYS = {byte[].class, char[].class, short[].class, int[].class,
        float[].class, long[].class, double[].class};
    private static final int[] SIZES = {1, 2, 2, 4, 4, 8, 8};

    @Test
    void writesWhatTheJdkWritesAndLeavesItsStreamsAsItDoes() throws Exception {
        assertNull(PrimitiveArrays.PROBLEM, "java.io must be open to the runtime for these tests (see the pom)");
        SplittableRandom random = new SplittableRandom(20261125);
        int direct = 0;
        for (int round = 0; round < 3_000; round++) {
            int kind = random.nextInt(KINDS.length);
            int len = length(random, kind);
            int off = random.nextInt(3);
            Object v = elements(random, kind, off + len + random.nextInt(3));
            int capacity = new int[] {1, 32, 1_000, 100_000}[random.nextInt(4)];
            boolean subclass = random.nextInt(10) == 0;
            boolean blocks = random.nextInt(10) == 0;
            int before = random.nextInt(1_100);
            byte[] filler = new byte[before];
            random.nextBytes(filler);
            Twin own = new Twin(capacity, subclass, blocks, filler);
            Twin ours = new Twin(capacity, subclass, blocks, filler);
            String what = "round " + round + ": " + KINDS[kind] + " off " + off + " len " + len + ", " + before
                    + " bytes before, capacity " + capacity + (subclass ? ", a subclass" : "")
                    + (blocks ? ", block data" : "");
            own.jdkWrite(kind, v, off, len);
            ours.ourWrite(kind, v, off, len);
            own.assertSame(ours, what);
            own.flush();
            ours.flush();
            own.assertSame(ours, what + ", flushed");
            if (!subclass && !blocks && (long) len * SIZES[kind] > 1024) {
                direct++;
            }
        }
        assertTrue(direct > 1_000, "the direct path was taken " + direct + " times");
    }

    @Test
    void readsWhatTheJdkReadsAndFailsWhereItFails() throws Exception {
        SplittableRandom random = new SplittableRandom(42);
        int direct = 0;
        int cut = 0;
        for (int round = 0; round < 3_000; round++) {
            int kind = random.nextInt(KINDS.length);
            int len = length(random, kind);
            int off = random.nextInt(3);
            int bytes = len * SIZES[kind];
            // mostly all the bytes; sometimes fewer, sometimes more
            int there = random.nextInt(4) == 0 ? random.nextInt(bytes + 1) : bytes + random.nextInt(20);
            byte[] payload = new byte[there];
            random.nextBytes(payload);
            boolean peeked = random.nextInt(10) == 0;
            boolean wrapped = random.nextInt(10) == 0;
            Reader own = new Reader(payload, peeked, wrapped);
            Reader ours = new Reader(payload, peeked, wrapped);
            String what = "round " + round + ": " + KINDS[kind] + " off " + off + " len " + len + " from " + there
                    + " bytes" + (peeked ? ", a byte peeked" : "") + (wrapped ? ", not a byte-array stream" : "");
            Object a = Array.newInstance(ARRAYS[kind].getComponentType(), off + len);
            Object b = Array.newInstance(ARRAYS[kind].getComponentType(), off + len);
            String ownOutcome = own.jdkRead(kind, a, off, len);
            String ourOutcome = ours.ourRead(kind, b, off, len);
            assertEquals(ownOutcome, ourOutcome, what);
            assertTrue(Objects.deepEquals(a, b), what + ": the elements differ");
            own.assertSame(ours, what);
            if (!peeked && !wrapped) {
                if (there >= bytes) {
                    direct++;
                } else {
                    cut++;
                }
            }
        }
        assertTrue(direct > 1_000 && cut > 300, "direct " + direct + ", cut short " + cut);
    }

    /**
     * {@link PrimitiveArrays#newArray} allocates without zeroing where the read that follows reads from a byte-array
     * stream; its memory may hold anything (what it holds depends on the JIT and the collector, so the test stands in
     * for it with an array full of other bits). When the stream then ends before the array is full, the elements it
     * did not give must be zero, as in the JDK's zeroed array.
     */
    @Test
    void anArrayCutShortHoldsOnlyWhatTheStreamGaveIt() throws Throwable {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 400; round++) {
            int kind = random.nextInt(KINDS.length);
            int len = random.nextInt(256, 5_000);
            byte[] payload = new byte[random.nextInt(len * SIZES[kind])];
            random.nextBytes(payload);
            Reader own = new Reader(payload, false, false);
            Reader ours = new Reader(payload, false, false);
            Class<?> component = ARRAYS[kind].getComponentType();
            Object zeroed = Array.newInstance(component, len);
            Object stale = PrimitiveArrays.newArray(component, len, ours.bin);
            assertEquals(ARRAYS[kind], stale.getClass());
            assertEquals(len, Array.getLength(stale));
            System.arraycopy(elements(random, kind, len), 0, stale, 0, len);
            String ownOutcome = own.jdkRead(kind, zeroed, 0, len);
            String ourOutcome = ours.ourRead(kind, stale, 0, len);
            assertEquals(ownOutcome, ourOutcome);
            assertTrue(ourOutcome.contains("EOFException"), ourOutcome);
            assertTrue(Objects.deepEquals(zeroed, stale), "round " + round + ": " + KINDS[kind] + " len " + len
                    + " cut at " + payload.length + " bytes: an element holds what the stream did not give");
            own.assertSame(ours, "round " + round);
        }
    }

    /** Lengths around the 1,024-byte buffer (a buffer's worth, one element more or less) and far beyond. */
    private static int length(final SplittableRandom random, final int kind) {
        int chunk = 1024 / SIZES[kind];
        return switch (random.nextInt(4)) {
            case 0 -> chunk * random.nextInt(1, 5) + random.nextInt(-2, 3);
            case 1 -> random.nextInt(chunk + 2);
            case 2 -> random.nextInt(10_000);
            default -> chunk * random.nextInt(1, 4) + chunk / 2 + random.nextInt(-3, 4);
        };
    }

    private static Object elements(final SplittableRandom random, final int kind, final int n) {
        Object v = Array.newInstance(ARRAYS[kind].getComponentType(), n);
        for (int i = 0; i < n; i++) {
            long bits = random.nextLong();
            switch (kind) {
                case 0 -> Array.setByte(v, i, (byte) bits);
                case 1 -> Array.setChar(v, i, (char) bits);
                case 2 -> Array.setShort(v, i, (short) bits);
                case 3 -> Array.setInt(v, i, (int) bits);
                // a NaN of its own bit pattern now and then
                case 4 -> Array.setFloat(v, i, Float.intBitsToFloat(i % 7 == 0 ? 0x7f80_0001 | (int) bits & 0x3f
                        : (int) bits));
                case 5 -> Array.setLong(v, i, bits);
                default -> Array.setDouble(v, i, Double.longBitsToDouble(i % 7 == 0 ? 0x7ff0_0000_0000_0001L
                        | bits & 0xfff : bits));
            }
        }
        return v;
    }

    private static Method method(final Class<?> owner, final String name, final Class<?>... parameters)
            throws NoSuchMethodException {
        Method m = owner.getDeclaredMethod(name, parameters);
        m.setAccessible(true);
        return m;
    }

    private static Object field(final Object owner, final Class<?> declaring, final String name) throws Exception {
        Field f = declaring.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(owner);
    }

    /** What a call came to: "ok" or the exception's class and message. */
    private static String outcome(final Method m, final Object target, final Object... args) {
        try {
            m.invoke(target, args);
            return "ok";
        } catch (InvocationTargetException e) {
            return e.getCause().toString();
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    /** An object stream's block stream over a byte-array stream, in the state the test sets up. */
    private static final class Twin {
        private static final Class<?> BLOCK_OUT;

        static {
            try {
                BLOCK_OUT = Class.forName("java.io.ObjectOutputStream$BlockDataOutputStream");
            } catch (ClassNotFoundException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final ByteArrayOutputStream array;
        final Object bout;

        Twin(final int capacity, final boolean subclass, final boolean blocks, final byte[] filler) throws Exception {
            array = subclass ? new ByteArrayOutputStream(capacity) { } : new ByteArrayOutputStream(capacity);
            bout = field(new ObjectOutputStream(array), ObjectOutputStream.class, "bout");
            method(BLOCK_OUT, "setBlockDataMode", boolean.class).invoke(bout, blocks);
            method(BLOCK_OUT, "write", byte[].class, int.class, int.class, boolean.class)
                    .invoke(bout, filler, 0, filler.length, true);
        }

        void jdkWrite(final int kind, final Object v, final int off, final int len) throws Exception {
            if (kind == 0) {
                method(BLOCK_OUT, "write", byte[].class, int.class, int.class, boolean.class)
                        .invoke(bout, v, off, len, true);
            } else {
                method(BLOCK_OUT, "write" + KINDS[kind], ARRAYS[kind], int.class, int.class).invoke(bout, v, off, len);
            }
        }

        void ourWrite(final int kind, final Object v, final int off, final int len) throws Exception {
            if (kind == 0) {
                method(PrimitiveArrays.class, "writeBytes", Object.class, byte[].class, int.class, int.class,
                        boolean.class).invoke(null, bout, v, off, len, true);
            } else {
                method(PrimitiveArrays.class, "write" + KINDS[kind], Object.class, ARRAYS[kind], int.class, int.class)
                        .invoke(null, bout, v, off, len);
            }
        }

        void flush() throws Exception {
            method(BLOCK_OUT, "flush").invoke(bout);
        }

        void assertSame(final Twin other, final String what) throws Exception {
            assertArrayEquals(array.toByteArray(), other.array.toByteArray(), what + ": the bytes written differ");
            assertEquals(((byte[]) field(array, ByteArrayOutputStream.class, "buf")).length,
                    ((byte[]) field(other.array, ByteArrayOutputStream.class, "buf")).length,
                    what + ": the byte-array stream's capacity differs");
            int pos = (int) field(bout, BLOCK_OUT, "pos");
            assertEquals(pos, (int) field(other.bout, BLOCK_OUT, "pos"), what + ": the buffer's position differs");
            assertArrayEquals(Arrays.copyOf((byte[]) field(bout, BLOCK_OUT, "buf"), pos),
                    Arrays.copyOf((byte[]) field(other.bout, BLOCK_OUT, "buf"), pos), what + ": the buffer differs");
        }
    }

    /** An object stream's block stream, outside block data, over a stream header and a payload. */
    private static final class Reader {
        private static final Class<?> BLOCK_IN;
        private static final Class<?> PEEK;

        static {
            try {
                BLOCK_IN = Class.forName("java.io.ObjectInputStream$BlockDataInputStream");
                PEEK = Class.forName("java.io.ObjectInputStream$PeekInputStream");
            } catch (ClassNotFoundException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final InputStream under;
        final Object bin;

        Reader(final byte[] payload, final boolean peeked, final boolean wrapped) throws Exception {
            byte[] bytes = new byte[4 + payload.length];
            bytes[0] = (byte) 0xac;
            bytes[1] = (byte) 0xed;
            bytes[3] = 5;
            System.arraycopy(payload, 0, bytes, 4, payload.length);
            ByteArrayInputStream array = new ByteArrayInputStream(bytes);
            under = wrapped ? new java.io.BufferedInputStream(array, 100) : array;
            bin = field(new ObjectInputStream(under), ObjectInputStream.class, "bin");
            method(BLOCK_IN, "setBlockDataMode", boolean.class).invoke(bin, false);
            if (peeked) {
                method(BLOCK_IN, "peek").invoke(bin);
            }
        }

        String jdkRead(final int kind, final Object v, final int off, final int len) throws Exception {
            if (kind == 0) {
                return outcome(method(BLOCK_IN, "readFully", byte[].class, int.class, int.class, boolean.class), bin,
                        v, off, len, true);
            }
            return outcome(method(BLOCK_IN, "read" + KINDS[kind], ARRAYS[kind], int.class, int.class), bin, v, off,
                    len);
        }

        String ourRead(final int kind, final Object v, final int off, final int len) throws Exception {
            if (kind == 0) {
                return outcome(method(PrimitiveArrays.class, "readBytes", Object.class, byte[].class, int.class,
                        int.class, boolean.class), null, bin, v, off, len, true);
            }
            return outcome(method(PrimitiveArrays.class, "read" + KINDS[kind], Object.class, ARRAYS[kind], int.class,
                    int.class), null, bin, v, off, len);
        }

        void assertSame(final Reader other, final String what) throws Exception {
            assertEquals(under.available(), other.under.available(), what + ": the byte-array stream's position");
            Object peek = field(bin, BLOCK_IN, "in");
            Object otherPeek = field(other.bin, BLOCK_IN, "in");
            assertEquals(field(peek, PEEK, "totalBytesRead"), field(otherPeek, PEEK, "totalBytesRead"),
                    what + ": the count of bytes read");
            assertEquals(field(bin, BLOCK_IN, "pos"), field(other.bin, BLOCK_IN, "pos"), what + ": the position");
        }
    }
}
