package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkBlockDataInputStream;
import dev.serialboost.runtime.jdk.JdkByteArrayInputStream;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkObjectInputStream;
import dev.serialboost.runtime.jdk.JdkPeekInputStream;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.ObjectInputStream;

/**
 * Where {@link DescriptorReader} takes a descriptor's bytes from: the stream's own reads, or, when the stream reads
 * straight from a {@code ByteArrayInputStream} (deep copies, caches that keep {@code byte[]} values), that stream's
 * array itself, compared in place. Exact: a piece is taken in place only when the array holds all of it (else it is
 * read through the stream, which then fails as it would), and taking it moves the array stream's position and the
 * stream's byte count (which serialization filters see) exactly as the stream's own read of that piece would. The
 * in-place view is used only while the stream is out of block-data mode and has no byte peeked, and it is written
 * back ({@link #sync}) before anything else reads the stream.
 */
final class StreamBytes {

    /** Whether pieces can be taken in place: the fields of the stream classes and the array stream can be had. */
    private static final boolean IN_PLACE = JdkLookup.firstProblem(JdkObjectInputStream.PROBLEM,
            JdkBlockDataInputStream.PROBLEM, JdkPeekInputStream.PROBLEM, JdkByteArrayInputStream.PROBLEM) == null;

    private final ObjectInputStream in;
    /** The stream's PeekInputStream, and the array stream under it; null when there is no in-place view. */
    private Object peek;
    private ByteArrayInputStream array;
    private int start;
    private int pos;
    private int count;

    /** After {@link #take}: where the piece is. */
    byte[] bytes;
    int offset;

    StreamBytes(final ObjectInputStream in) throws Throwable {
        this.in = in;
        if (IN_PLACE) {
            Object bin = (Object) JdkObjectInputStream.BIN.invokeExact(in);
            if (!(boolean) JdkBlockDataInputStream.BLKMODE.invokeExact(bin)) {
                Object p = (Object) JdkBlockDataInputStream.IN.invokeExact(bin);
                InputStream under = (InputStream) JdkPeekInputStream.IN.invokeExact(p);
                if (under != null && under.getClass() == ByteArrayInputStream.class
                        && (int) JdkPeekInputStream.PEEKB.invokeExact(p) < 0) {
                    peek = p;
                    array = (ByteArrayInputStream) under;
                    bytes = (byte[]) JdkByteArrayInputStream.BUF.invokeExact(array);
                    start = (int) JdkByteArrayInputStream.POS.invokeExact(array);
                    pos = start;
                    count = (int) JdkByteArrayInputStream.COUNT.invokeExact(array);
                }
            }
        }
    }

    /**
     * Takes the next {@code length} bytes, as one {@code readFully} of the stream would: in place when the array
     * holds them all, else read through the stream into {@code scratch} (from then on, every piece is).
     */
    void take(final int length, final byte[] scratch, final int scratchOffset) throws Throwable {
        if (array != null && length <= count - pos) {
            offset = pos;
            pos += length;
            return;
        }
        sync();
        array = null;
        in.readFully(scratch, scratchOffset, length);
        bytes = scratch;
        offset = scratchOffset;
    }

    /**
     * Takes the next {@code expected.length} bytes in place when the array holds them all and they are equal to
     * {@code expected}, as {@link #take} of the same length would; else takes nothing.
     */
    boolean takeIfEqual(final byte[] expected) {
        int length = expected.length;
        if (array != null && length <= count - pos
                && java.util.Arrays.equals(bytes, pos, pos + length, expected, 0, length)) {
            offset = pos;
            pos += length;
            return true;
        }
        return false;
    }

    /** Writes back what was taken in place; call before anything else reads the stream, and at the end. */
    void sync() throws Throwable {
        if (array != null && pos != start) {
            JdkByteArrayInputStream.SET_POS.invokeExact(array, pos);
            long total = (long) JdkPeekInputStream.TOTAL_BYTES_READ.invokeExact(peek);
            JdkPeekInputStream.SET_TOTAL_BYTES_READ.invokeExact(peek, total + (pos - start));
            start = pos;
        }
    }

    /** After the stream itself read something: take up the in-place view again where it left off, if it can. */
    void resume() throws Throwable {
        if (array != null) {
            if ((int) JdkPeekInputStream.PEEKB.invokeExact(peek) >= 0) {
                array = null;
            } else {
                start = (int) JdkByteArrayInputStream.POS.invokeExact(array);
                pos = start;
            }
        }
    }
}
