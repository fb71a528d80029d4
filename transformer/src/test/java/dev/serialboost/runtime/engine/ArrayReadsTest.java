package dev.serialboost.runtime.engine;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ArrayReads} against {@code ByteArrayInputStream}'s own reads: twin streams over the same bytes, one read
 * through {@code ArrayReads}, the other through its own methods, with the same random calls (single bytes, ranges
 * in and out of bounds, a null array, empty reads, reads past the end, streams made with odd offsets and lengths,
 * a negative one among them): the same results, the same exceptions with the same messages, the same bytes in the
 * destination and the same position after each call. A subclass of {@code ByteArrayInputStream} is read through its
 * own methods.
 */
class ArrayReadsTest {

    @Test
    void readsAByteArrayStreamExactlyAsItsOwnMethodsDo() throws IOException {
        assertTrue(ArrayReads.inPlace(), "java.io must be open to the runtime for these tests (see the pom)");
        SplittableRandom random = new SplittableRandom(20261125);
        int calls = 0;
        for (int stream = 0; stream < 400; stream++) {
            byte[] data = new byte[random.nextInt(40)];
            random.nextBytes(data);
            int offset = random.nextInt(8) == 0 ? -random.nextInt(1, 4) : random.nextInt(data.length + 3);
            int length = random.nextInt(data.length + 5);
            ByteArrayInputStream own = new ByteArrayInputStream(data, offset, length);
            ByteArrayInputStream ours = new ByteArrayInputStream(data, offset, length);
            for (int call = 0; call < 30; call++) {
                String what = "stream " + stream + " (" + data.length + " bytes, offset " + offset + ", length "
                        + length + "), call " + call;
                if (random.nextBoolean()) {
                    assertEquals(outcome(own::read), outcome(() -> ArrayReads.read(ours)), what + ": read()");
                } else {
                    byte[] b1 = random.nextInt(20) == 0 ? null : new byte[random.nextInt(12)];
                    byte[] b2 = b1 == null ? null : b1.clone();
                    int off = random.nextInt(-1, 14);
                    int len = random.nextInt(-1, 14);
                    assertEquals(outcome(() -> own.read(b1, off, len)),
                            outcome(() -> ArrayReads.read(ours, b2, off, len)), what + ": read(b, " + off + ", " + len + ")");
                    assertTrue(Arrays.equals(b1, b2), what + ": the bytes read differ");
                }
                assertEquals(own.available(), ours.available(), what + ": the position differs");
                calls++;
            }
        }
        assertTrue(calls == 12_000);
    }

    @Test
    void aSubclassIsReadThroughItsOwnMethods() throws IOException {
        int[] own = new int[2];
        ByteArrayInputStream sub = new ByteArrayInputStream(new byte[] {1, 2, 3}) {
            @Override
            public synchronized int read() {
                own[0]++;
                return super.read();
            }

            @Override
            public synchronized int read(final byte[] b, final int off, final int len) {
                own[1]++;
                return super.read(b, off, len);
            }
        };
        assertEquals(1, ArrayReads.read(sub));
        assertEquals(2, ArrayReads.read(sub, new byte[4], 0, 4));
        assertEquals(1, own[0]);
        assertEquals(1, own[1]);
        InputStream other = InputStream.nullInputStream();
        assertEquals(-1, ArrayReads.read(other));
        assertEquals(-1, ArrayReads.read(other, new byte[1], 0, 1));
    }

    private interface Read {
        int run() throws IOException;
    }

    private static String outcome(final Read read) {
        try {
            return "returned " + read.run();
        } catch (IOException | RuntimeException e) {
            return "threw " + e.getClass().getName() + ": " + e.getMessage();
        }
    }
}
