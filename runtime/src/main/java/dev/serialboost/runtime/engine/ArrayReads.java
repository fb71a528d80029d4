package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkByteArrayInputStream;
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
 */
final class ArrayReads {

    /** Whether reads of a {@code ByteArrayInputStream} are done here: its fields can be had. */
    private static final boolean IN_PLACE = JdkByteArrayInputStream.PROBLEM == null;

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
