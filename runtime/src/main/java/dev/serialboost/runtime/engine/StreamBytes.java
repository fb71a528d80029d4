package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.Privileged;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

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

    private static final MethodHandle BIN;
    private static final MethodHandle BLOCK_MODE;
    private static final MethodHandle PEEK;
    private static final MethodHandle PEEKED;
    private static final MethodHandle UNDER;
    private static final MethodHandle TOTAL;
    private static final MethodHandle SET_TOTAL;
    private static final MethodHandle BUF;
    private static final MethodHandle POS;
    private static final MethodHandle SET_POS;
    private static final MethodHandle COUNT;

    static {
        MethodHandle[] h = Privileged.call(StreamBytes::handles);
        BIN = h[0];
        BLOCK_MODE = h[1];
        PEEK = h[2];
        PEEKED = h[3];
        UNDER = h[4];
        TOTAL = h[5];
        SET_TOTAL = h[6];
        BUF = h[7];
        POS = h[8];
        SET_POS = h[9];
        COUNT = h[10];
    }

    /** The handles into the stream classes and {@code ByteArrayInputStream}; none when they cannot all be had. */
    private static MethodHandle[] handles() {
        MethodHandle[] h = new MethodHandle[11];
        try {
            MethodHandles.Lookup ois = MethodHandles.privateLookupIn(ObjectInputStream.class, MethodHandles.lookup());
            Class<?> bin = Class.forName("java.io.ObjectInputStream$BlockDataInputStream");
            Class<?> peek = Class.forName("java.io.ObjectInputStream$PeekInputStream");
            h[0] = ois.findGetter(ObjectInputStream.class, "bin", bin).asType(
                    MethodType.methodType(Object.class, ObjectInputStream.class));
            h[1] = ois.findGetter(bin, "blkmode", boolean.class).asType(
                    MethodType.methodType(boolean.class, Object.class));
            h[2] = ois.findGetter(bin, "in", peek).asType(MethodType.methodType(Object.class, Object.class));
            h[3] = ois.findGetter(peek, "peekb", int.class).asType(MethodType.methodType(int.class, Object.class));
            h[4] = ois.findGetter(peek, "in", InputStream.class).asType(
                    MethodType.methodType(InputStream.class, Object.class));
            h[5] = ois.findGetter(peek, "totalBytesRead", long.class).asType(
                    MethodType.methodType(long.class, Object.class));
            h[6] = ois.findSetter(peek, "totalBytesRead", long.class).asType(
                    MethodType.methodType(void.class, Object.class, long.class));
            MethodHandles.Lookup bytes = MethodHandles.privateLookupIn(ByteArrayInputStream.class, MethodHandles.lookup());
            h[7] = bytes.findGetter(ByteArrayInputStream.class, "buf", byte[].class);
            h[8] = bytes.findGetter(ByteArrayInputStream.class, "pos", int.class);
            h[9] = bytes.findSetter(ByteArrayInputStream.class, "pos", int.class);
            h[10] = bytes.findGetter(ByteArrayInputStream.class, "count", int.class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            h = new MethodHandle[11]; // no in-place view: every piece is read through the stream
        }
        return h;
    }

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
        if (BIN != null) {
            Object bin = BIN.invokeExact(in);
            if (!(boolean) BLOCK_MODE.invokeExact(bin)) {
                Object p = PEEK.invokeExact(bin);
                InputStream under = (InputStream) UNDER.invokeExact(p);
                if (under != null && under.getClass() == ByteArrayInputStream.class
                        && (int) PEEKED.invokeExact(p) < 0) {
                    peek = p;
                    array = (ByteArrayInputStream) under;
                    bytes = (byte[]) BUF.invokeExact(array);
                    start = (int) POS.invokeExact(array);
                    pos = start;
                    count = (int) COUNT.invokeExact(array);
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
            SET_POS.invokeExact(array, pos);
            SET_TOTAL.invokeExact(peek, (long) TOTAL.invokeExact(peek) + (pos - start));
            start = pos;
        }
    }

    /** After the stream itself read something: take up the in-place view again where it left off, if it can. */
    void resume() throws Throwable {
        if (array != null) {
            if ((int) PEEKED.invokeExact(peek) >= 0) {
                array = null;
            } else {
                start = (int) POS.invokeExact(array);
                pos = start;
            }
        }
    }
}
