package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkBlockDataInputStream;
import dev.serialboost.runtime.jdk.JdkByteArrayInputStream;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkPeekInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

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
 * <p>{@link #readInt} does the same for {@code ObjectInputStream$BlockDataInputStream.readInt()} outside block data
 * ({@code dev.serialboost.transformer.engine.IntReadsPatch}): the handle of every back-reference and the length of
 * every array, read without going through the peek stream and the stream's buffer.
 */
final class ArrayReads {

    /** Whether reads of a {@code ByteArrayInputStream} are done here: its fields can be had. */
    private static final boolean IN_PLACE = JdkByteArrayInputStream.PROBLEM == null;
    /** Whether {@link #readInt} can read: the block-data and peek streams' fields can be had too. */
    private static final boolean INTS_IN_PLACE = JdkLookup.firstProblem(JdkByteArrayInputStream.PROBLEM,
            JdkBlockDataInputStream.PROBLEM, JdkPeekInputStream.PROBLEM) == null;
    /** What {@link #readInt} returns when the JDK's code is to read the int. */
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

    /**
     * Runs first in {@code BlockDataInputStream.readInt()} outside block data, where the JDK's code sets {@code pos} to
     * 0, reads four bytes into its buffer through its {@code PeekInputStream} ({@code readFully(buf, 0, 4)}, one
     * {@code read} of the stream underneath when they are there), decodes them and sets {@code pos} to 4: when the peek
     * stream has no byte peeked and reads exactly a {@code ByteArrayInputStream} holding at least four more bytes, does
     * the same here (the same bytes in the buffer, the same positions, the peek stream's count of bytes read, which
     * filters are given, four more) and returns the int as a non-negative long; else returns {@link #NOT_READ} having
     * changed nothing, and the JDK's code reads it (and fails as it does at the end of the data). The int is decoded
     * from the array it was read from: decoded from the stream's buffer right after four bytes were copied in, the
     * JDK's load waits for those stores (on x86 a copy of four bytes by the array-copy stub is not forwarded to the
     * load that follows).
     */
    static long readInt(final Object bin) throws Throwable {
        if (!INTS_IN_PLACE) {
            return NOT_READ;
        }
        Object peek = (Object) JdkBlockDataInputStream.IN.invokeExact(bin);
        InputStream in = (InputStream) JdkPeekInputStream.IN.invokeExact(peek);
        if (in.getClass() != ByteArrayInputStream.class || (int) JdkPeekInputStream.PEEKB.invokeExact(peek) >= 0) {
            return NOT_READ;
        }
        ByteArrayInputStream array = (ByteArrayInputStream) in;
        byte[] from = (byte[]) JdkByteArrayInputStream.BUF.invokeExact(array);
        int pos = (int) JdkByteArrayInputStream.POS.invokeExact(array);
        int count = (int) JdkByteArrayInputStream.COUNT.invokeExact(array);
        if (pos < 0 || count > from.length || count - pos < Integer.BYTES) {
            return NOT_READ; // its own read fails, or returns fewer bytes: the JDK's code
        }
        byte b0 = from[pos];
        byte b1 = from[pos + 1];
        byte b2 = from[pos + 2];
        byte b3 = from[pos + 3];
        JdkByteArrayInputStream.SET_POS.invokeExact(array, pos + Integer.BYTES);
        long total = (long) JdkPeekInputStream.TOTAL_BYTES_READ.invokeExact(peek);
        JdkPeekInputStream.SET_TOTAL_BYTES_READ.invokeExact(peek, total + Integer.BYTES);
        byte[] buf = (byte[]) JdkBlockDataInputStream.BUF.invokeExact(bin);
        buf[0] = b0;
        buf[1] = b1;
        buf[2] = b2;
        buf[3] = b3;
        JdkBlockDataInputStream.SET_POS.invokeExact(bin, Integer.BYTES);
        return ((b0 & 0xFFL) << 24) | ((b1 & 0xFF) << 16) | ((b2 & 0xFF) << 8) | (b3 & 0xFF);
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
