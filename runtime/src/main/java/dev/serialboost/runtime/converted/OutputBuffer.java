package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.Privileged;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The buffer of an {@code ObjectOutputStream}'s block-data stream, for a bulk record written in place ({@link
 * BulkLayout#write}): where {@code ObjectOutputStream.write(byte[], int, int)} would copy a record of {@code n} bytes
 * into that buffer at its position without draining it first (the buffer has room for all of it, and the record is
 * shorter than the buffer, the length from which the JDK writes past the buffer), the record goes there directly,
 * without an array of its own and a copy. Same bytes, same buffer state, the same writes to the underlying stream.
 * A subclass's override of {@code write} is not called, as the JDK calls none for a plain object's fields.
 */
final class OutputBuffer {

    private static final MethodHandle BOUT;
    private static final MethodHandle BUF;
    private static final MethodHandle POS;
    private static final MethodHandle SET_POS;

    static {
        MethodHandle[] h = Privileged.call(OutputBuffer::handles);
        BOUT = h[0];
        BUF = h[1];
        POS = h[2];
        SET_POS = h[3];
    }

    private OutputBuffer() {
    }

    /** The handles into the stream classes; none when they cannot all be had (then nothing is written in place). */
    private static MethodHandle[] handles() {
        try {
            MethodHandles.Lookup oos = MethodHandles.privateLookupIn(ObjectOutputStream.class, MethodHandles.lookup());
            Class<?> bout = Class.forName("java.io.ObjectOutputStream$BlockDataOutputStream");
            return new MethodHandle[] {
                oos.findGetter(ObjectOutputStream.class, "bout", bout)
                        .asType(MethodType.methodType(Object.class, ObjectOutputStream.class)),
                oos.findGetter(bout, "buf", byte[].class).asType(MethodType.methodType(byte[].class, Object.class)),
                oos.findGetter(bout, "pos", int.class).asType(MethodType.methodType(int.class, Object.class)),
                oos.findSetter(bout, "pos", int.class)
                        .asType(MethodType.methodType(void.class, Object.class, int.class))
            };
        } catch (ReflectiveOperationException | RuntimeException e) {
            return new MethodHandle[4];
        }
    }

    /** The block-data stream of {@code out}, or null when records cannot be written into it in place. */
    static Object of(final ObjectOutput out) throws Throwable {
        return BOUT != null && out instanceof ObjectOutputStream stream ? (Object) BOUT.invokeExact(stream) : null;
    }

    /**
     * Where a record of {@code size} bytes goes in {@code bout}'s buffer ({@link #buffer}), which then holds it (the
     * position moves past it); -1 when the JDK would not just copy it there: write it through the stream.
     */
    static int reserve(final Object bout, final int size) throws Throwable {
        byte[] buf = (byte[]) BUF.invokeExact(bout);
        int pos = (int) POS.invokeExact(bout);
        if (size >= buf.length || buf.length - pos < size) {
            return -1;
        }
        SET_POS.invokeExact(bout, pos + size);
        return pos;
    }

    static byte[] buffer(final Object bout) throws Throwable {
        return (byte[]) BUF.invokeExact(bout);
    }
}
