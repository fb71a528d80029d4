package dev.serialboost.testing;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;

/** Byte strings of modified UTF-8 for the tests of string reading, well-formed and not. */
public final class ModifiedUtf8 {

    private ModifiedUtf8() {
    }

    /**
     * {@code n} bytes of modified UTF-8 characters (one, two and three bytes, zero bytes too), the last one maybe cut
     * by the end; when {@code spoil}, one in three times with a byte replaced by a random one.
     */
    public static byte[] random(final SplittableRandom random, final int n, final boolean spoil) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        while (bytes.size() < n) {
            int kind = random.nextInt(10);
            if (kind < 6) {
                bytes.write(random.nextInt(0x80));
            } else if (kind < 8) {
                int ch = random.nextInt(0x800);
                bytes.write(0xC0 | ch >> 6);
                bytes.write(0x80 | ch & 0x3F);
            } else {
                int ch = random.nextInt(0x10000);
                bytes.write(0xE0 | ch >> 12);
                bytes.write(0x80 | ch >> 6 & 0x3F);
                bytes.write(0x80 | ch & 0x3F);
            }
        }
        byte[] out = Arrays.copyOf(bytes.toByteArray(), n);
        if (spoil && random.nextInt(3) == 0) {
            out[random.nextInt(n)] = (byte) random.nextInt(256);
        }
        return out;
    }
}
