package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkBlockDataInputStream;
import dev.serialboost.runtime.jdk.JdkBlockDataOutputStream;
import dev.serialboost.runtime.jdk.JdkByteArrayInputStream;
import dev.serialboost.runtime.jdk.JdkByteArrayOutputStream;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkPeekInputStream;
import dev.serialboost.runtime.jdk.JdkUnsafe;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;

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
 * <p>Booleans are left to the JDK (one byte per element, nothing to convert). The elements are converted by {@link
 * ElementBytes}.
 */
final class PrimitiveArrays {

    /** The JDK streams' block buffer, {@code ObjectOutputStream.BlockDataOutputStream.MAX_BLOCK_SIZE}. */
    private static final int BLOCK = 1024;
    /** Arrays of fewer bytes are allocated zeroed: the memory is cleared about as fast as it is filled. */
    private static final int UNZEROED_FROM = 256;

    /**
     * Why the direct paths are off (every call is then the stream's own method), or null: the fields of the block
     * streams, their peek stream and the byte-array streams cannot all be had.
     */
    static final Throwable PROBLEM = JdkLookup.firstProblem(JdkBlockDataOutputStream.PROBLEM,
            JdkByteArrayOutputStream.PROBLEM, JdkBlockDataInputStream.PROBLEM, JdkPeekInputStream.PROBLEM,
            JdkByteArrayInputStream.PROBLEM);
    /** Whether arrays read from a byte-array stream are allocated without zeroing. */
    private static final boolean UNZEROED = PROBLEM == null && JdkUnsafe.UninitializedArrays.PROBLEM == null;

    static {
        // the stream methods the patched calls stand for (their shape was checked before patching, and with java.io
        // open to the runtime they are there): the patched code cannot do without them
        if (JdkBlockDataOutputStream.WRITE == null || JdkBlockDataOutputStream.Elements.PROBLEM != null
                || JdkBlockDataInputStream.READ_FULLY == null || JdkBlockDataInputStream.Elements.PROBLEM != null) {
            throw new IllegalStateException("a java.io method the patched JDK code calls cannot be reached",
                    JdkLookup.firstProblem(JdkBlockDataOutputStream.PROBLEM, JdkBlockDataOutputStream.Elements.PROBLEM,
                            JdkBlockDataInputStream.PROBLEM, JdkBlockDataInputStream.Elements.PROBLEM));
        }
    }

    private PrimitiveArrays() {
    }

    // ---- writing: what ObjectOutputStream.writeArray calls on its BlockDataOutputStream

    /** Stands for {@code bout.write(v, off, len, copy)}. */
    static void writeBytes(final Object bout, final byte[] v, final int off, final int len, final boolean copy)
            throws Throwable {
        if (!copy || !write(bout, ElementBytes.BYTE, v, off, len)) {
            JdkBlockDataOutputStream.WRITE.invokeExact(bout, v, off, len, copy);
        }
    }

    /** Stands for {@code bout.writeChars(v, off, len)}. */
    static void writeChars(final Object bout, final char[] v, final int off, final int len) throws Throwable {
        if (!write(bout, ElementBytes.CHAR, v, off, len)) {
            JdkBlockDataOutputStream.Elements.WRITE_CHARS.invokeExact(bout, v, off, len);
        }
    }

    /** Stands for {@code bout.writeShorts(v, off, len)}. */
    static void writeShorts(final Object bout, final short[] v, final int off, final int len) throws Throwable {
        if (!write(bout, ElementBytes.SHORT, v, off, len)) {
            JdkBlockDataOutputStream.Elements.WRITE_SHORTS.invokeExact(bout, v, off, len);
        }
    }

    /** Stands for {@code bout.writeInts(v, off, len)}. */
    static void writeInts(final Object bout, final int[] v, final int off, final int len) throws Throwable {
        if (!write(bout, ElementBytes.INT, v, off, len)) {
            JdkBlockDataOutputStream.Elements.WRITE_INTS.invokeExact(bout, v, off, len);
        }
    }

    /** Stands for {@code bout.writeFloats(v, off, len)}. */
    static void writeFloats(final Object bout, final float[] v, final int off, final int len) throws Throwable {
        if (!write(bout, ElementBytes.FLOAT, v, off, len)) {
            JdkBlockDataOutputStream.Elements.WRITE_FLOATS.invokeExact(bout, v, off, len);
        }
    }

    /** Stands for {@code bout.writeLongs(v, off, len)}. */
    static void writeLongs(final Object bout, final long[] v, final int off, final int len) throws Throwable {
        if (!write(bout, ElementBytes.LONG, v, off, len)) {
            JdkBlockDataOutputStream.Elements.WRITE_LONGS.invokeExact(bout, v, off, len);
        }
    }

    /** Stands for {@code bout.writeDoubles(v, off, len)}. */
    static void writeDoubles(final Object bout, final double[] v, final int off, final int len)
            throws Throwable {
        if (!write(bout, ElementBytes.DOUBLE, v, off, len)) {
            JdkBlockDataOutputStream.Elements.WRITE_DOUBLES.invokeExact(bout, v, off, len);
        }
    }

    /**
     * Writes {@code len} elements of {@code v} from {@code off} as the stream's own method would, straight into its
     * {@code ByteArrayOutputStream}; false (nothing done) when it is not one, the stream is in block-data mode, or the
     * elements fit in the stream's buffer (where the JDK's method copies nothing else).
     */
    private static boolean write(final Object bout, final int kind, final Object v, final int off, final int len)
            throws Throwable {
        int size = ElementBytes.size(kind);
        if (PROBLEM != null || len <= BLOCK / size || (boolean) JdkBlockDataOutputStream.BLKMODE.invokeExact(bout)) {
            return false;
        }
        OutputStream sink = (OutputStream) JdkBlockDataOutputStream.OUT.invokeExact(bout);
        if (sink.getClass() != ByteArrayOutputStream.class) {
            return false;
        }
        ByteArrayOutputStream array = (ByteArrayOutputStream) sink;
        long written = (int) JdkByteArrayOutputStream.COUNT.invokeExact(array);
        if (written + (long) len * size + 2 * BLOCK > Integer.MAX_VALUE) {
            return false; // the JDK's writes end in an array index out of bounds before 2 GB: its method fails so
        }
        byte[] buf = (byte[]) JdkBlockDataOutputStream.BUF.invokeExact(bout);
        int pos = (int) JdkBlockDataOutputStream.POS.invokeExact(bout);
        int end = off + len;
        int at = off;
        // the JDK's method first fills its buffer (bytes: while there is room; others: while an element fits)
        int room = kind == ElementBytes.BYTE ? (pos < BLOCK ? BLOCK - pos : 0)
                : (pos <= BLOCK - size ? (BLOCK - pos) / size : 0);
        int first = Math.min(room, len);
        ElementBytes.encode(kind, v, at, buf, pos, first);
        at += first;
        pos += first * size;
        if (at == end) {
            JdkBlockDataOutputStream.SET_POS.invokeExact(bout, pos);
            return true;
        }
        int chunk = BLOCK / size;
        synchronized (array) {
            int count = (int) JdkByteArrayOutputStream.COUNT.invokeExact(array);
            // where the JDK would be if a write to the array fails: the part in its buffer, and its position
            int pendingAt = -1;
            int pendingLength = 0;
            try {
                // its buffer is full: drained (the JDK drains only a non-empty one)
                if (pos > 0) {
                    JdkByteArrayOutputStream.ENSURE_CAPACITY.invokeExact(array, count + pos);
                    System.arraycopy(buf, 0, (byte[]) JdkByteArrayOutputStream.BUF.invokeExact(array), count, pos);
                    count += pos;
                    pos = 0;
                }
                while (true) {
                    if (kind != ElementBytes.BYTE) {
                        // one element through its DataOutputStream, which drains the (empty) buffer and writes it
                        JdkByteArrayOutputStream.ENSURE_CAPACITY.invokeExact(array, count + size);
                        byte[] into = (byte[]) JdkByteArrayOutputStream.BUF.invokeExact(array);
                        ElementBytes.encode(kind, v, at, into, count, 1);
                        count += size;
                        at++;
                    }
                    if (end - at <= chunk) {
                        break; // the rest fills its buffer at most: it stays there
                    }
                    // a full buffer's worth with more after it: the JDK drains it before the next element
                    pendingAt = at;
                    pendingLength = chunk;
                    JdkByteArrayOutputStream.ENSURE_CAPACITY.invokeExact(array, count + BLOCK);
                    byte[] into = (byte[]) JdkByteArrayOutputStream.BUF.invokeExact(array);
                    ElementBytes.encode(kind, v, at, into, count, chunk);
                    pendingAt = -1;
                    count += BLOCK;
                    at += chunk;
                }
            } catch (Throwable t) {
                // only ensureCapacity throws (OutOfMemoryError): the JDK's buffer holds what it would have held
                if (pendingAt >= 0) {
                    ElementBytes.encode(kind, v, pendingAt, buf, 0, pendingLength);
                    pos = BLOCK;
                }
                JdkByteArrayOutputStream.SET_COUNT.invokeExact(array, count);
                JdkBlockDataOutputStream.SET_POS.invokeExact(bout, pos);
                throw t;
            }
            JdkByteArrayOutputStream.SET_COUNT.invokeExact(array, count);
        }
        int rest = end - at;
        ElementBytes.encode(kind, v, at, buf, 0, rest);
        JdkBlockDataOutputStream.SET_POS.invokeExact(bout, rest * size);
        return true;
    }

    // ---- reading: what ObjectInputStream.readArray calls

    /**
     * Stands for {@code Array.newInstance(component, length)} in {@code readArray}: an array of a primitive type read
     * here from a {@code ByteArrayInputStream} is allocated without zeroing; the read that follows (below) writes
     * every element or, when it cannot, zeroes the array before the JDK's method reads.
     */
    static Object newArray(final Class<?> component, final int length, final Object bin) throws Throwable {
        if (UNZEROED && component.isPrimitive() && component != boolean.class && component != void.class
                && length > 0
                && (long) length * sizeOf(component) >= UNZEROED_FROM && fromArray(bin) != null) {
            return JdkUnsafe.UninitializedArrays.ALLOCATE_UNINITIALIZED_ARRAY.invokeExact(component, length);
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
        if (!read(bin, ElementBytes.BYTE, v, off, len)) { // copy or not, only the bytes land in the array
            JdkBlockDataInputStream.READ_FULLY.invokeExact(bin, v, off, len, copy);
        }
    }

    /** Stands for {@code bin.readChars(v, off, len)}. */
    static void readChars(final Object bin, final char[] v, final int off, final int len) throws Throwable {
        if (!read(bin, ElementBytes.CHAR, v, off, len)) {
            JdkBlockDataInputStream.Elements.READ_CHARS.invokeExact(bin, v, off, len);
        }
    }

    /** Stands for {@code bin.readShorts(v, off, len)}. */
    static void readShorts(final Object bin, final short[] v, final int off, final int len) throws Throwable {
        if (!read(bin, ElementBytes.SHORT, v, off, len)) {
            JdkBlockDataInputStream.Elements.READ_SHORTS.invokeExact(bin, v, off, len);
        }
    }

    /** Stands for {@code bin.readInts(v, off, len)}. */
    static void readInts(final Object bin, final int[] v, final int off, final int len) throws Throwable {
        if (!read(bin, ElementBytes.INT, v, off, len)) {
            JdkBlockDataInputStream.Elements.READ_INTS.invokeExact(bin, v, off, len);
        }
    }

    /** Stands for {@code bin.readFloats(v, off, len)}. */
    static void readFloats(final Object bin, final float[] v, final int off, final int len) throws Throwable {
        if (!read(bin, ElementBytes.FLOAT, v, off, len)) {
            JdkBlockDataInputStream.Elements.READ_FLOATS.invokeExact(bin, v, off, len);
        }
    }

    /** Stands for {@code bin.readLongs(v, off, len)}. */
    static void readLongs(final Object bin, final long[] v, final int off, final int len) throws Throwable {
        if (!read(bin, ElementBytes.LONG, v, off, len)) {
            JdkBlockDataInputStream.Elements.READ_LONGS.invokeExact(bin, v, off, len);
        }
    }

    /** Stands for {@code bin.readDoubles(v, off, len)}. */
    static void readDoubles(final Object bin, final double[] v, final int off, final int len)
            throws Throwable {
        if (!read(bin, ElementBytes.DOUBLE, v, off, len)) {
            JdkBlockDataInputStream.Elements.READ_DOUBLES.invokeExact(bin, v, off, len);
        }
    }

    /** The {@code ObjectInputStream$PeekInputStream} of {@code bin} when it reads a {@code ByteArrayInputStream}. */
    private static Object fromArray(final Object bin) throws Throwable {
        if (PROBLEM != null) {
            return null;
        }
        Object peek = (Object) JdkBlockDataInputStream.IN.invokeExact(bin);
        InputStream under = (InputStream) JdkPeekInputStream.IN.invokeExact(peek);
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
        int size = ElementBytes.size(kind);
        ByteArrayInputStream array = (boolean) JdkBlockDataInputStream.BLKMODE.invokeExact(bin) ? null
                : ArrayReads.arrayOf(peek);
        if (array != null) {
            // its buffer is read once, and every element is written whatever another thread does to it
            byte[] buf = (byte[]) JdkByteArrayInputStream.BUF.invokeExact(array);
            int pos = ArrayReads.take(bin, array, buf, (long) len * size);
            if (pos >= 0) {
                ElementBytes.decode(kind, buf, pos, v, off, len);
                if (kind != ElementBytes.BYTE) {
                    // the JDK's method leaves its position past the last buffer's worth it converted
                    int chunk = BLOCK / size;
                    JdkBlockDataInputStream.SET_POS.invokeExact(bin, ((len - 1) % chunk + 1) * size);
                }
                return true;
            }
        }
        if ((long) len * size >= UNZEROED_FROM) {
            ElementBytes.zero(kind, v, off, len); // it may come from newArray: the JDK's read may fail part way
        }
        return false;
    }
}
