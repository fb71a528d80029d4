package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.jdk.JdkBlockDataOutputStream;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkObjectOutputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;

/**
 * The buffer of an {@code ObjectOutputStream}'s block-data stream, for a bulk record written in place ({@link
 * BulkLayout#write}): where {@code ObjectOutputStream.write(byte[], int, int)} would copy a record of {@code n} bytes
 * into that buffer at its position without draining it first (the buffer has room for all of it, and the record is
 * shorter than the buffer, the length from which the JDK writes past the buffer), the record goes there directly,
 * without an array of its own and a copy. Same bytes, same buffer state, the same writes to the underlying stream.
 * A subclass's override of {@code write} is not called, as the JDK calls none for a plain object's fields.
 */
final class OutputBuffer {

    /** Whether records can be written in place: the stream's block-data stream and its buffer can be had. */
    private static final boolean IN_PLACE = JdkLookup.firstProblem(JdkObjectOutputStream.PROBLEM,
            JdkBlockDataOutputStream.PROBLEM) == null;

    private OutputBuffer() {
    }

    /** The block-data stream of {@code out}, or null when records cannot be written into it in place. */
    static Object of(final ObjectOutput out) throws Throwable {
        return IN_PLACE && out instanceof ObjectOutputStream stream
                ? (Object) JdkObjectOutputStream.BOUT.invokeExact(stream) : null;
    }

    /**
     * Where a record of {@code size} bytes goes in {@code bout}'s buffer ({@link #buffer}), which then holds it (the
     * position moves past it); -1 when the JDK would not just copy it there: write it through the stream.
     */
    static int reserve(final Object bout, final int size) throws Throwable {
        byte[] buf = (byte[]) JdkBlockDataOutputStream.BUF.invokeExact(bout);
        int pos = (int) JdkBlockDataOutputStream.POS.invokeExact(bout);
        if (size >= buf.length || buf.length - pos < size) {
            return -1;
        }
        JdkBlockDataOutputStream.SET_POS.invokeExact(bout, pos + size);
        return pos;
    }

    static byte[] buffer(final Object bout) throws Throwable {
        return (byte[]) JdkBlockDataOutputStream.BUF.invokeExact(bout);
    }
}
