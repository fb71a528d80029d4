package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkBlockDataInputStream;
import dev.serialboost.runtime.jdk.JdkByteArrayInputStream;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkObjectInputStream;
import dev.serialboost.runtime.jdk.JdkPeekInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;

/**
 * What {@code ObjectInputStream$PeekInputStream}'s reads of its underlying stream call once the engine has patched
 * them ({@code dev.serialboost.transformer.engine.ArrayReadsPatch}): for an object of exactly
 * {@code java.io.ByteArrayInputStream}, what that class's {@code read()} and {@code read(byte[], int, int)} do,
 * on its fields, line for line (the patch is applied only where their code is the one this class repeats), but
 * without taking the stream's lock, which is most of the cost of the few-bytes reads an object stream makes outside
 * block data. Any other stream, or arguments its own method would refuse, gets its own method called.
 *
 * <p>What changes is only that lock: a program that reads one {@code ByteArrayInputStream} from two threads at once
 * through an object stream has no defined result with or without the agent.
 *
 * <p>{@link #readInt} and {@link #readUnsignedShort} do the same for {@code ObjectInputStream$BlockDataInputStream}'s
 * methods of those names outside block data ({@code dev.serialboost.transformer.engine.IntReadsPatch}): the handle of
 * every back-reference, the length of every array and of every string, read without going through the peek stream
 * and the stream's buffer.
 */
final class ArrayReads {

    /** Whether reads of a {@code ByteArrayInputStream} are done here: its fields can be had. */
    private static final boolean IN_PLACE = JdkByteArrayInputStream.PROBLEM == null;
    /** Whether {@link #readBigEndian} can read: the block-data and peek streams' fields can be had too. */
    private static final boolean INTS_IN_PLACE = JdkLookup.firstProblem(JdkByteArrayInputStream.PROBLEM,
            JdkBlockDataInputStream.PROBLEM, JdkPeekInputStream.PROBLEM) == null;
    /** What {@link #readBigEndian} returns when the JDK's code is to read the value. */
    private static final long NOT_READ = -1;

    private ArrayReads() {
    }

    /** Whether reads of a {@code ByteArrayInputStream} are done here (else every read is the stream's own). */
    static boolean inPlace() {
        return IN_PLACE;
    }

    /** Stands for {@code in.read()}. */
    static int read(final InputStream in) throws IOException {
        if (!IN_PLACE || in.getClass() != ByteArrayInputStream.class) {
            return in.read();
        }
        try {
            ByteArrayInputStream array = (ByteArrayInputStream) in;
            int pos = (int) JdkByteArrayInputStream.POS.invokeExact(array);
            if (pos < 0) {
                return in.read(); // a negative offset given to its constructor: it fails in its own way
            }
            if (pos < (int) JdkByteArrayInputStream.COUNT.invokeExact(array)) {
                int b = ((byte[]) JdkByteArrayInputStream.BUF.invokeExact(array))[pos] & 0xff;
                JdkByteArrayInputStream.SET_POS.invokeExact(array, pos + 1);
                return b;
            }
            return -1;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t); // field handles throw nothing checked
        }
    }

    /** Runs first in {@code BlockDataInputStream.readInt()} outside block data: {@link #readBigEndian}, four bytes. */
    static long readInt(final Object bin) throws Throwable {
        return readBigEndian(bin, Integer.BYTES);
    }

    /**
     * Runs first in {@code BlockDataInputStream.readUnsignedShort()} outside block data (the length of every string):
     * {@link #readBigEndian} of two bytes.
     */
    static long readUnsignedShort(final Object bin) throws Throwable {
        return readBigEndian(bin, Short.BYTES);
    }

    /**
     * What {@code BlockDataInputStream.readInt()} or {@code readUnsignedShort()} does outside block data, where the
     * JDK's code sets {@code pos} to 0, reads {@code size} bytes into its buffer through its {@code PeekInputStream}
     * ({@code readFully(buf, 0, size)}, one {@code read} of the stream underneath when they are there), decodes them
     * and sets {@code pos} to {@code size}: when the peek stream has no byte peeked and reads exactly a {@code
     * ByteArrayInputStream} holding at least {@code size} more bytes, does the same here (the same bytes in the
     * buffer, the same positions, the peek stream's count of bytes read, which filters are given, {@code size} more)
     * and returns the value as a non-negative long; else returns {@link #NOT_READ} having changed nothing, and the
     * JDK's code reads it (and fails as it does at the end of the data). The value is decoded from the array it was
     * read from: decoded from the stream's buffer right after the bytes were copied in, the JDK's load waits for
     * those stores (on x86 a copy of a few bytes by the array-copy stub is not forwarded to the load that follows).
     */
    private static long readBigEndian(final Object bin, final int size) throws Throwable {
        if (!INTS_IN_PLACE) {
            return NOT_READ;
        }
        ByteArrayInputStream array = arrayUnder(bin);
        if (array == null) {
            return NOT_READ;
        }
        byte[] from = (byte[]) JdkByteArrayInputStream.BUF.invokeExact(array);
        int pos = take(bin, array, from, size);
        if (pos < 0) {
            return NOT_READ; // its own read fails, or returns fewer bytes: the JDK's code
        }
        byte[] buf = (byte[]) JdkBlockDataInputStream.BUF.invokeExact(bin);
        long value = 0;
        for (int i = 0; i < size; i++) {
            byte b = from[pos + i];
            buf[i] = b;
            value = value << Byte.SIZE | (b & 0xFF);
        }
        JdkBlockDataInputStream.SET_POS.invokeExact(bin, size);
        return value;
    }

    /**
     * The {@code ByteArrayInputStream} that {@code bin}'s peek stream reads, when it reads exactly one and has no byte
     * peeked (its next byte is then the array stream's); else null. Call only when {@code java.io}'s fields can be had.
     */
    static ByteArrayInputStream arrayUnder(final Object bin) throws Throwable {
        return arrayOf((Object) JdkBlockDataInputStream.IN.invokeExact(bin));
    }

    /** {@link #arrayUnder} for the block-data stream's peek stream {@code peek}. */
    static ByteArrayInputStream arrayOf(final Object peek) throws Throwable {
        InputStream in = (InputStream) JdkPeekInputStream.IN.invokeExact(peek);
        return in.getClass() == ByteArrayInputStream.class && (int) JdkPeekInputStream.PEEKB.invokeExact(peek) < 0
                ? (ByteArrayInputStream) in : null;
    }

    /**
     * Where the next {@code bytes} bytes of {@code array}, whose buffer is {@code buf}, start in {@code buf}, or -1 when
     * fewer are there; nothing is read.
     */
    static int at(final ByteArrayInputStream array, final byte[] buf, final long bytes) throws Throwable {
        int pos = (int) JdkByteArrayInputStream.POS.invokeExact(array);
        int count = Math.min((int) JdkByteArrayInputStream.COUNT.invokeExact(array), buf.length);
        return pos < 0 || count - pos < bytes ? -1 : pos;
    }

    /**
     * Takes {@code bytes} bytes of {@code array} ({@link #arrayUnder} {@code bin}, whose buffer is {@code buf}) as
     * {@code bin}'s peek stream reads them outside block data, without the array stream's lock: returns where they
     * start in {@code buf}, the array stream's position and the peek stream's count of bytes read (which filters are
     * given) moved past them; or -1, nothing changed, when fewer are there (the stream's own read then returns fewer,
     * or fails: the JDK's code is to read).
     */
    static int take(final Object bin, final ByteArrayInputStream array, final byte[] buf, final long bytes)
            throws Throwable {
        int pos = at(array, buf, bytes);
        if (pos < 0) {
            return -1;
        }
        JdkByteArrayInputStream.SET_POS.invokeExact(array, pos + (int) bytes);
        Object peek = (Object) JdkBlockDataInputStream.IN.invokeExact(bin);
        long total = (long) JdkPeekInputStream.TOTAL_BYTES_READ.invokeExact(peek);
        JdkPeekInputStream.SET_TOTAL_BYTES_READ.invokeExact(peek, total + bytes);
        return pos;
    }

    /**
     * The {@code ByteArrayInputStream} the object stream {@code in} reads its next bytes from as {@code readFully}
     * would read them outside block data: when it is not in block data and its peek stream reads exactly such a
     * stream and has no byte peeked; else null. What {@link Engine#bytesBelow} answers.
     */
    static ByteArrayInputStream arrayBelow(final ObjectInputStream in) throws Throwable {
        if (!INTS_IN_PLACE || JdkObjectInputStream.BIN == null) {
            return null;
        }
        Object bin = (Object) JdkObjectInputStream.BIN.invokeExact(in);
        return bin == null || (boolean) JdkBlockDataInputStream.BLKMODE.invokeExact(bin) ? null : arrayUnder(bin);
    }

    /** {@link #take} for the object stream {@code in}, whose {@link #arrayBelow} is {@code array}. */
    static int take(final ObjectInputStream in, final ByteArrayInputStream array, final byte[] buf, final int bytes)
            throws Throwable {
        return take((Object) JdkObjectInputStream.BIN.invokeExact(in), array, buf, bytes);
    }

    /** Stands for {@code in.read(b, off, len)}. */
    static int read(final InputStream in, final byte[] b, final int off, final int len) throws IOException {
        if (!IN_PLACE || in.getClass() != ByteArrayInputStream.class || b == null || off < 0 || len < 0
                || len > b.length - off) {
            return in.read(b, off, len);
        }
        try {
            ByteArrayInputStream array = (ByteArrayInputStream) in;
            int pos = (int) JdkByteArrayInputStream.POS.invokeExact(array);
            int count = (int) JdkByteArrayInputStream.COUNT.invokeExact(array);
            if (pos >= count) {
                return -1;
            }
            int n = Math.min(len, count - pos);
            if (n <= 0) {
                return 0;
            }
            System.arraycopy((byte[]) JdkByteArrayInputStream.BUF.invokeExact(array), pos, b, off, n);
            JdkByteArrayInputStream.SET_POS.invokeExact(array, pos + n);
            return n;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
