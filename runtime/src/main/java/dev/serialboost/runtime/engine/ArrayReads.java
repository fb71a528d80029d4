package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.Privileged;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

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
 */
final class ArrayReads {

    private static final MethodHandle BUF;
    private static final MethodHandle POS;
    private static final MethodHandle SET_POS;
    private static final MethodHandle COUNT;

    static {
        MethodHandle[] h = Privileged.call(ArrayReads::handles);
        BUF = h[0];
        POS = h[1];
        SET_POS = h[2];
        COUNT = h[3];
    }

    /** The handles into {@code ByteArrayInputStream}; none when they cannot be had. */
    private static MethodHandle[] handles() {
        MethodHandle[] h = new MethodHandle[4];
        try {
            MethodHandles.Lookup bytes = MethodHandles.privateLookupIn(ByteArrayInputStream.class,
                    MethodHandles.lookup());
            h[0] = bytes.findGetter(ByteArrayInputStream.class, "buf", byte[].class);
            h[1] = bytes.findGetter(ByteArrayInputStream.class, "pos", int.class);
            h[2] = bytes.findSetter(ByteArrayInputStream.class, "pos", int.class);
            h[3] = bytes.findGetter(ByteArrayInputStream.class, "count", int.class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            h = new MethodHandle[4]; // every read goes to the stream's own method
        }
        return h;
    }

    private ArrayReads() {
    }

    /** Whether reads of a {@code ByteArrayInputStream} are done here (else every read is the stream's own). */
    static boolean inPlace() {
        return COUNT != null;
    }

    /** Stands for {@code in.read()}. */
    static int read(final InputStream in) throws IOException {
        if (COUNT == null || in.getClass() != ByteArrayInputStream.class) {
            return in.read();
        }
        try {
            ByteArrayInputStream array = (ByteArrayInputStream) in;
            int pos = (int) POS.invokeExact(array);
            if (pos < 0) {
                return in.read(); // a negative offset given to its constructor: it fails in its own way
            }
            if (pos < (int) COUNT.invokeExact(array)) {
                int b = ((byte[]) BUF.invokeExact(array))[pos] & 0xff;
                SET_POS.invokeExact(array, pos + 1);
                return b;
            }
            return -1;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t); // field handles throw nothing checked
        }
    }

    /** Stands for {@code in.read(b, off, len)}. */
    static int read(final InputStream in, final byte[] b, final int off, final int len) throws IOException {
        if (COUNT == null || in.getClass() != ByteArrayInputStream.class || b == null || off < 0 || len < 0
                || len > b.length - off) {
            return in.read(b, off, len);
        }
        try {
            ByteArrayInputStream array = (ByteArrayInputStream) in;
            int pos = (int) POS.invokeExact(array);
            int count = (int) COUNT.invokeExact(array);
            if (pos >= count) {
                return -1;
            }
            int n = Math.min(len, count - pos);
            if (n <= 0) {
                return 0;
            }
            System.arraycopy((byte[]) BUF.invokeExact(array), pos, b, off, n);
            SET_POS.invokeExact(array, pos + n);
            return n;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
