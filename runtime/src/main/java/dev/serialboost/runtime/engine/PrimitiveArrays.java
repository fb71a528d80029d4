package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.InternalUnsafe;
import dev.serialboost.runtime.Privileged;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * What {@code ObjectOutputStream.writeArray} and {@code ObjectInputStream.readArray} call for an array of primitives
 * once the engine has patched them ({@code dev.serialboost.transformer.engine.PrimitiveArraysPatch}): the stream's own
 * {@code writeLongs}, {@code readLongs} and the like, except where the stream's underlying stream is exactly a
 * {@code ByteArrayOutputStream} or {@code ByteArrayInputStream}. There the JDK converts each element into its
 * 1,024-byte buffer and copies that buffer into (or out of) the byte-array stream, taking its lock each time; this
 * class converts the elements straight into (or out of) the byte-array stream's own array, which is one copy instead
 * of two, and on reading it allocates the array without zeroing it first, since every element is then written.
 *
 * <p>What stays the same, and why it can: arrays are written and read outside block data, where the stream's bytes
 * are the elements' big-endian bytes with no framing, so the bytes are the JDK's. Writing repeats the JDK's own
 * sequence of writes to the byte-array stream: the elements that fill its buffer, the buffer drained, the one element
 * it then writes through its {@code DataOutputStream}, and so on, each with the same
 * {@code ByteArrayOutputStream.ensureCapacity} call, so the byte-array stream's array grows as it would, an
 * {@code OutOfMemoryError} comes at the same point with the same bytes written, and the last part the JDK would keep
 * in its buffer is kept there. (The private {@code DataOutputStream}'s byte count, which nothing reads, is not kept.)
 * Reading takes the elements' bytes from the byte-array stream only when all of them are there, moving its position
 * and the count of bytes read that stream filters are given as the JDK's reads would; otherwise the JDK's own method
 * reads, and fails, as it does. An array allocated without zeroing is zeroed before the JDK's method reads into it,
 * so no element ever holds anything the stream did not give it. Writing holds the byte-array stream's lock over the
 * whole array instead of each buffer's worth; reading takes none, as {@link ArrayReads} (reading one stream from two
 * threads at once has no defined result with or without the agent).
 *
 * <p>Booleans are left to the JDK (one byte per element, nothing to convert).
 */
final class PrimitiveArrays {

    /** The JDK streams' block buffer, {@code ObjectOutputStream.BlockDataOutputStream.MAX_BLOCK_SIZE}. */
    private static final int BLOCK = 1024;
    /** Arrays of fewer bytes are allocated zeroed: the memory is cleared about as fast as it is filled. */
    private static final int UNZEROED_FROM = 256;

    private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    // the kinds of array, by element size
    private static final int BYTE = 0;
    private static final int CHAR = 1;
    private static final int SHORT = 2;
    private static final int INT = 3;
    private static final int FLOAT = 4;
    private static final int LONG = 5;
    private static final int DOUBLE = 6;
    private static final int[] SIZE = {1, 2, 2, 4, 4, 8, 8};

    // ObjectOutputStream$BlockDataOutputStream
    private static final MethodHandle OUT_BLOCK_MODE;
    private static final MethodHandle OUT_POS;
    private static final MethodHandle OUT_SET_POS;
    private static final MethodHandle OUT_BUF;
    private static final MethodHandle OUT;
    // its write(byte[], int, int, boolean) and writeChars ... writeDoubles, each in a field of its own (a constant
    // to the JIT, which an array element is not)
    private static final MethodHandle WRITE_BYTES;
    private static final MethodHandle WRITE_CHARS;
    private static final MethodHandle WRITE_SHORTS;
    private static final MethodHandle WRITE_INTS;
    private static final MethodHandle WRITE_FLOATS;
    private static final MethodHandle WRITE_LONGS;
    private static final MethodHandle WRITE_DOUBLES;
    // ByteArrayOutputStream
    private static final MethodHandle ARRAY_OUT_BUF;
    private static final MethodHandle ARRAY_OUT_COUNT;
    private static final MethodHandle ARRAY_OUT_SET_COUNT;
    private static final MethodHandle ENSURE_CAPACITY;
    // ObjectInputStream$BlockDataInputStream and $PeekInputStream
    private static final MethodHandle IN_BLOCK_MODE;
    private static final MethodHandle IN_SET_POS;
    private static final MethodHandle PEEK;
    private static final MethodHandle PEEKED;
    private static final MethodHandle UNDER;
    private static final MethodHandle BYTES_READ;
    private static final MethodHandle SET_BYTES_READ;
    // its readFully(byte[], int, int, boolean) and readChars ... readDoubles
    private static final MethodHandle READ_BYTES;
    private static final MethodHandle READ_CHARS;
    private static final MethodHandle READ_SHORTS;
    private static final MethodHandle READ_INTS;
    private static final MethodHandle READ_FLOATS;
    private static final MethodHandle READ_LONGS;
    private static final MethodHandle READ_DOUBLES;
    // ByteArrayInputStream
    private static final MethodHandle ARRAY_IN_BUF;
    private static final MethodHandle ARRAY_IN_POS;
    private static final MethodHandle ARRAY_IN_SET_POS;
    private static final MethodHandle ARRAY_IN_COUNT;
    /** {@code jdk.internal.misc.Unsafe.allocateUninitializedArray}, or null. */
    private static final MethodHandle UNZEROED;
    /** Why the direct paths are off (every call is then the stream's own method), or null. */
    static final Throwable PROBLEM;

    static {
        MethodHandle[] h = new MethodHandle[22];
        MethodHandle[] write = new MethodHandle[7];
        MethodHandle[] read = new MethodHandle[7];
        PROBLEM = Privileged.call(() -> lookUp(h, write, read));
        WRITE_BYTES = write[BYTE];
        WRITE_CHARS = write[CHAR];
        WRITE_SHORTS = write[SHORT];
        WRITE_INTS = write[INT];
        WRITE_FLOATS = write[FLOAT];
        WRITE_LONGS = write[LONG];
        WRITE_DOUBLES = write[DOUBLE];
        READ_BYTES = read[BYTE];
        READ_CHARS = read[CHAR];
        READ_SHORTS = read[SHORT];
        READ_INTS = read[INT];
        READ_FLOATS = read[FLOAT];
        READ_LONGS = read[LONG];
        READ_DOUBLES = read[DOUBLE];
        OUT_BLOCK_MODE = h[0];
        OUT_POS = h[1];
        OUT_SET_POS = h[2];
        OUT_BUF = h[3];
        OUT = h[4];
        ARRAY_OUT_BUF = h[5];
        ARRAY_OUT_COUNT = h[6];
        ARRAY_OUT_SET_COUNT = h[7];
        ENSURE_CAPACITY = h[8];
        IN_BLOCK_MODE = h[9];
        IN_SET_POS = h[10];
        PEEK = h[11];
        PEEKED = h[12];
        UNDER = h[13];
        BYTES_READ = h[14];
        SET_BYTES_READ = h[15];
        ARRAY_IN_BUF = h[16];
        ARRAY_IN_POS = h[17];
        ARRAY_IN_SET_POS = h[18];
        ARRAY_IN_COUNT = h[19];
        UNZEROED = h[20];
    }

    private PrimitiveArrays() {
    }

    /**
     * Finds the handles into {@code h}, and the stream methods into {@code write} and {@code read} by kind; what
     * failed, or null. Throws when even the
     * stream methods the patched calls stand for cannot be reached (their shape was checked before patching, and with
     * {@code java.io} open to this module they are there), which the patched code cannot do without.
     */
    private static Throwable lookUp(final MethodHandle[] h, final MethodHandle[] write, final MethodHandle[] read) {
        String[] names = {null, "Chars", "Shorts", "Ints", "Floats", "Longs", "Doubles"};
        Class<?>[] arrays = {byte[].class, char[].class, short[].class, int[].class, float[].class, long[].class,
            double[].class};
        Class<?> bout;
        Class<?> bin;
        MethodHandles.Lookup out;
        MethodHandles.Lookup in;
        try {
            bout = Class.forName("java.io.ObjectOutputStream$BlockDataOutputStream");
            bin = Class.forName("java.io.ObjectInputStream$BlockDataInputStream");
            out = MethodHandles.privateLookupIn(bout, MethodHandles.lookup());
            in = MethodHandles.privateLookupIn(bin, MethodHandles.lookup());
            MethodType bytes = MethodType.methodType(void.class, byte[].class, int.class, int.class, boolean.class);
            write[BYTE] = out.findVirtual(bout, "write", bytes).asType(bytes.insertParameterTypes(0, Object.class));
            read[BYTE] = in.findVirtual(bin, "readFully", bytes).asType(bytes.insertParameterTypes(0, Object.class));
            for (int kind = CHAR; kind <= DOUBLE; kind++) {
                MethodType elements = MethodType.methodType(void.class, arrays[kind], int.class, int.class);
                MethodType anyStream = elements.insertParameterTypes(0, Object.class);
                write[kind] = out.findVirtual(bout, "write" + names[kind], elements).asType(anyStream);
                read[kind] = in.findVirtual(bin, "read" + names[kind], elements).asType(anyStream);
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("a java.io method the patched JDK code calls cannot be reached", e);
        }
        try {
            h[0] = out.findGetter(bout, "blkmode", boolean.class).asType(getter(boolean.class));
            h[1] = out.findGetter(bout, "pos", int.class).asType(getter(int.class));
            h[2] = out.findSetter(bout, "pos", int.class).asType(setter(int.class));
            h[3] = out.findGetter(bout, "buf", byte[].class).asType(getter(byte[].class));
            h[4] = out.findGetter(bout, "out", OutputStream.class).asType(getter(OutputStream.class));
            MethodHandles.Lookup arrayOut = MethodHandles.privateLookupIn(ByteArrayOutputStream.class,
                    MethodHandles.lookup());
            h[5] = arrayOut.findGetter(ByteArrayOutputStream.class, "buf", byte[].class);
            h[6] = arrayOut.findGetter(ByteArrayOutputStream.class, "count", int.class);
            h[7] = arrayOut.findSetter(ByteArrayOutputStream.class, "count", int.class);
            h[8] = arrayOut.findVirtual(ByteArrayOutputStream.class, "ensureCapacity",
                    MethodType.methodType(void.class, int.class));

            Class<?> peek = Class.forName("java.io.ObjectInputStream$PeekInputStream");
            h[9] = in.findGetter(bin, "blkmode", boolean.class).asType(getter(boolean.class));
            h[10] = in.findSetter(bin, "pos", int.class).asType(setter(int.class));
            h[11] = in.findGetter(bin, "in", peek).asType(getter(Object.class));
            h[12] = in.findGetter(peek, "peekb", int.class).asType(getter(int.class));
            h[13] = in.findGetter(peek, "in", InputStream.class).asType(getter(InputStream.class));
            h[14] = in.findGetter(peek, "totalBytesRead", long.class).asType(getter(long.class));
            h[15] = in.findSetter(peek, "totalBytesRead", long.class).asType(setter(long.class));
            MethodHandles.Lookup arrayIn = MethodHandles.privateLookupIn(ByteArrayInputStream.class,
                    MethodHandles.lookup());
            h[16] = arrayIn.findGetter(ByteArrayInputStream.class, "buf", byte[].class);
            h[17] = arrayIn.findGetter(ByteArrayInputStream.class, "pos", int.class);
            h[18] = arrayIn.findSetter(ByteArrayInputStream.class, "pos", int.class);
            h[19] = arrayIn.findGetter(ByteArrayInputStream.class, "count", int.class);
            h[20] = InternalUnsafe.ALLOCATE_UNINITIALIZED;
            return null;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            Arrays.fill(h, null); // every call is then the stream's own method
            return e;
        }
    }

    private static MethodType getter(final Class<?> type) {
        return MethodType.methodType(type, Object.class);
    }

    private static MethodType setter(final Class<?> type) {
        return MethodType.methodType(void.class, Object.class, type);
    }

    private static MethodType elements(final Class<?> array) {
        return MethodType.methodType(void.class, array, int.class, int.class);
    }

    // ---- writing: what ObjectOutputStream.writeArray calls on its BlockDataOutputStream

    /** Stands for {@code bout.write(v, off, len, copy)}. */
    static void writeBytes(final Object bout, final byte[] v, final int off, final int len, final boolean copy)
            throws Throwable {
        if (!copy || !write(bout, BYTE, v, off, len)) {
            WRITE_BYTES.invokeExact(bout, v, off, len, copy);
        }
    }

    /** Stands for {@code bout.writeChars(v, off, len)}. */
    static void writeChars(final Object bout, final char[] v, final int off, final int len) throws Throwable {
        if (!write(bout, CHAR, v, off, len)) {
            WRITE_CHARS.invokeExact(bout, v, off, len);
        }
    }

    /** Stands for {@code bout.writeShorts(v, off, len)}. */
    static void writeShorts(final Object bout, final short[] v, final int off, final int len) throws Throwable {
        if (!write(bout, SHORT, v, off, len)) {
            WRITE_SHORTS.invokeExact(bout, v, off, len);
        }
    }

    /** Stands for {@code bout.writeInts(v, off, len)}. */
    static void writeInts(final Object bout, final int[] v, final int off, final int len) throws Throwable {
        if (!write(bout, INT, v, off, len)) {
            WRITE_INTS.invokeExact(bout, v, off, len);
        }
    }

    /** Stands for {@code bout.writeFloats(v, off, len)}. */
    static void writeFloats(final Object bout, final float[] v, final int off, final int len) throws Throwable {
        if (!write(bout, FLOAT, v, off, len)) {
            WRITE_FLOATS.invokeExact(bout, v, off, len);
        }
    }

    /** Stands for {@code bout.writeLongs(v, off, len)}. */
    static void writeLongs(final Object bout, final long[] v, final int off, final int len) throws Throwable {
        if (!write(bout, LONG, v, off, len)) {
            WRITE_LONGS.invokeExact(bout, v, off, len);
        }
    }

    /** Stands for {@code bout.writeDoubles(v, off, len)}. */
    static void writeDoubles(final Object bout, final double[] v, final int off, final int len)
            throws Throwable {
        if (!write(bout, DOUBLE, v, off, len)) {
            WRITE_DOUBLES.invokeExact(bout, v, off, len);
        }
    }

    /**
     * Writes {@code len} elements of {@code v} from {@code off} as the stream's own method would, straight into its
     * {@code ByteArrayOutputStream}; false (nothing done) when it is not one, the stream is in block-data mode, or the
     * elements fit in the stream's buffer (where the JDK's method copies nothing else).
     */
    private static boolean write(final Object bout, final int kind, final Object v, final int off, final int len)
            throws Throwable {
        int size = SIZE[kind];
        if (OUT == null || len <= BLOCK / size || (boolean) OUT_BLOCK_MODE.invokeExact(bout)) {
            return false;
        }
        OutputStream sink = (OutputStream) OUT.invokeExact(bout);
        if (sink.getClass() != ByteArrayOutputStream.class) {
            return false;
        }
        ByteArrayOutputStream array = (ByteArrayOutputStream) sink;
        if ((int) ARRAY_OUT_COUNT.invokeExact(array) + (long) len * size + 2 * BLOCK > Integer.MAX_VALUE) {
            return false; // the JDK's writes end in an array index out of bounds before 2 GB: its method fails so
        }
        byte[] buf = (byte[]) OUT_BUF.invokeExact(bout);
        int pos = (int) OUT_POS.invokeExact(bout);
        int end = off + len;
        int at = off;
        // the JDK's method first fills its buffer (bytes: while there is room; others: while an element fits)
        int room = kind == BYTE ? (pos < BLOCK ? BLOCK - pos : 0) : (pos <= BLOCK - size ? (BLOCK - pos) / size : 0);
        int first = Math.min(room, len);
        encode(kind, v, at, buf, pos, first);
        at += first;
        pos += first * size;
        if (at == end) {
            OUT_SET_POS.invokeExact(bout, pos);
            return true;
        }
        int chunk = BLOCK / size;
        synchronized (array) {
            int count = (int) ARRAY_OUT_COUNT.invokeExact(array);
            // where the JDK would be if a write to the array fails: the part in its buffer, and its position
            int pendingAt = -1;
            int pendingLength = 0;
            try {
                // its buffer is full: drained (the JDK drains only a non-empty one)
                if (pos > 0) {
                    ENSURE_CAPACITY.invokeExact(array, count + pos);
                    System.arraycopy(buf, 0, (byte[]) ARRAY_OUT_BUF.invokeExact(array), count, pos);
                    count += pos;
                    pos = 0;
                }
                while (true) {
                    if (kind != BYTE) {
                        // one element through its DataOutputStream, which drains the (empty) buffer and writes it
                        ENSURE_CAPACITY.invokeExact(array, count + size);
                        encode(kind, v, at, (byte[]) ARRAY_OUT_BUF.invokeExact(array), count, 1);
                        count += size;
                        at++;
                    }
                    if (end - at <= chunk) {
                        break; // the rest fills its buffer at most: it stays there
                    }
                    // a full buffer's worth with more after it: the JDK drains it before the next element
                    pendingAt = at;
                    pendingLength = chunk;
                    ENSURE_CAPACITY.invokeExact(array, count + BLOCK);
                    encode(kind, v, at, (byte[]) ARRAY_OUT_BUF.invokeExact(array), count, chunk);
                    pendingAt = -1;
                    count += BLOCK;
                    at += chunk;
                }
            } catch (Throwable t) {
                // only ensureCapacity throws (OutOfMemoryError): the JDK's buffer holds what it would have held
                if (pendingAt >= 0) {
                    encode(kind, v, pendingAt, buf, 0, pendingLength);
                    pos = BLOCK;
                }
                ARRAY_OUT_SET_COUNT.invokeExact(array, count);
                OUT_SET_POS.invokeExact(bout, pos);
                throw t;
            }
            ARRAY_OUT_SET_COUNT.invokeExact(array, count);
        }
        int rest = end - at;
        encode(kind, v, at, buf, 0, rest);
        OUT_SET_POS.invokeExact(bout, rest * size);
        return true;
    }

    /**
     * {@code n} elements of {@code v} from {@code off}, big-endian, into {@code to} from {@code at}. Each kind has a
     * loop of its own, small enough for the JIT to compile with its byte-array accesses inlined.
     */
    private static void encode(final int kind, final Object v, final int off, final byte[] to, final int at,
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

    // ---- reading: what ObjectInputStream.readArray calls

    /**
     * Stands for {@code Array.newInstance(component, length)} in {@code readArray}: an array of a primitive type read
     * here from a {@code ByteArrayInputStream} is allocated without zeroing; the read that follows (below) writes
     * every element or, when it cannot, zeroes the array before the JDK's method reads.
     */
    static Object newArray(final Class<?> component, final int length, final Object bin) throws Throwable {
        if (UNZEROED != null && component.isPrimitive() && component != boolean.class && component != void.class
                && length > 0
                && (long) length * sizeOf(component) >= UNZEROED_FROM && fromArray(bin) != null) {
            return UNZEROED.invokeExact(component, length);
        }
        return java.lang.reflect.Array.newInstance(component, length);
    }

    private static int sizeOf(final Class<?> primitive) {
        if (primitive == long.class || primitive == double.class) {
            return 8;
        } else if (primitive == int.class || primitive == float.class) {
            return 4;
        }
        return primitive == byte.class ? 1 : 2;
    }

    /** Stands for {@code bin.readFully(v, off, len, copy)}. */
    static void readBytes(final Object bin, final byte[] v, final int off, final int len, final boolean copy)
            throws Throwable {
        if (!read(bin, BYTE, v, off, len)) { // copy or not, only the bytes land in the array
            READ_BYTES.invokeExact(bin, v, off, len, copy);
        }
    }

    /** Stands for {@code bin.readChars(v, off, len)}. */
    static void readChars(final Object bin, final char[] v, final int off, final int len) throws Throwable {
        if (!read(bin, CHAR, v, off, len)) {
            READ_CHARS.invokeExact(bin, v, off, len);
        }
    }

    /** Stands for {@code bin.readShorts(v, off, len)}. */
    static void readShorts(final Object bin, final short[] v, final int off, final int len) throws Throwable {
        if (!read(bin, SHORT, v, off, len)) {
            READ_SHORTS.invokeExact(bin, v, off, len);
        }
    }

    /** Stands for {@code bin.readInts(v, off, len)}. */
    static void readInts(final Object bin, final int[] v, final int off, final int len) throws Throwable {
        if (!read(bin, INT, v, off, len)) {
            READ_INTS.invokeExact(bin, v, off, len);
        }
    }

    /** Stands for {@code bin.readFloats(v, off, len)}. */
    static void readFloats(final Object bin, final float[] v, final int off, final int len) throws Throwable {
        if (!read(bin, FLOAT, v, off, len)) {
            READ_FLOATS.invokeExact(bin, v, off, len);
        }
    }

    /** Stands for {@code bin.readLongs(v, off, len)}. */
    static void readLongs(final Object bin, final long[] v, final int off, final int len) throws Throwable {
        if (!read(bin, LONG, v, off, len)) {
            READ_LONGS.invokeExact(bin, v, off, len);
        }
    }

    /** Stands for {@code bin.readDoubles(v, off, len)}. */
    static void readDoubles(final Object bin, final double[] v, final int off, final int len)
            throws Throwable {
        if (!read(bin, DOUBLE, v, off, len)) {
            READ_DOUBLES.invokeExact(bin, v, off, len);
        }
    }

    /** The {@code ObjectInputStream$PeekInputStream} of {@code bin} when it reads a {@code ByteArrayInputStream}. */
    private static Object fromArray(final Object bin) throws Throwable {
        if (UNDER == null) {
            return null;
        }
        Object peek = PEEK.invokeExact(bin);
        InputStream under = (InputStream) UNDER.invokeExact(peek);
        return under.getClass() == ByteArrayInputStream.class ? peek : null;
    }

    /**
     * Reads {@code len} elements into {@code v} from {@code off} straight from the stream's
     * {@code ByteArrayInputStream} when all their bytes are there; false (nothing read) otherwise, after zeroing the
     * elements if {@link #newArray} may have allocated them without.
     */
    private static boolean read(final Object bin, final int kind, final Object v, final int off, final int len)
            throws Throwable {
        Object peek = fromArray(bin);
        if (peek == null || len <= 0) {
            return false;
        }
        int size = SIZE[kind];
        if (!(boolean) IN_BLOCK_MODE.invokeExact(bin) && (int) PEEKED.invokeExact(peek) < 0) {
            // without the stream's lock, as ArrayReads reads it; its fields are read once, and every element is
            // written whatever another thread does to them
            ByteArrayInputStream array = (ByteArrayInputStream) (InputStream) UNDER.invokeExact(peek);
            byte[] buf = (byte[]) ARRAY_IN_BUF.invokeExact(array);
            int pos = (int) ARRAY_IN_POS.invokeExact(array);
            int count = Math.min((int) ARRAY_IN_COUNT.invokeExact(array), buf.length);
            long bytes = (long) len * size;
            if (pos >= 0 && count - pos >= bytes) {
                decode(kind, buf, pos, v, off, len);
                ARRAY_IN_SET_POS.invokeExact(array, pos + (int) bytes);
                SET_BYTES_READ.invokeExact(peek, (long) BYTES_READ.invokeExact(peek) + bytes);
                if (kind != BYTE) {
                    // the JDK's method leaves its position past the last buffer's worth it converted
                    int chunk = BLOCK / size;
                    IN_SET_POS.invokeExact(bin, ((len - 1) % chunk + 1) * size);
                }
                return true;
            }
        }
        if ((long) len * size >= UNZEROED_FROM) {
            zero(kind, v, off, len); // it may come from newArray: the JDK's read may fail part way
        }
        return false;
    }

    private static void zero(final int kind, final Object v, final int off, final int len) {
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
    private static void decode(final int kind, final byte[] from, final int at, final Object v, final int off,
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
