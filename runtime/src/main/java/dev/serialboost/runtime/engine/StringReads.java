package dev.serialboost.runtime.engine;

import java.nio.charset.StandardCharsets;

/**
 * What {@code ObjectInputStream$BlockDataInputStream.readUTFBody} calls once the engine has patched it ({@code
 * dev.serialboost.transformer.engine.StringReadsPatch}) to decode a string read outside block data, whose bytes the
 * patched code has read into the stream's buffer as the JDK does: the same string the JDK's modified UTF-8 decoding
 * gives, without its {@code char[]} and {@code StringBuilder} copies.
 *
 * <p>The JDK's decoding ({@code readUTFSpan}) takes a byte {@code 0xxxxxxx} as one character (a zero byte too), {@code
 * 110xxxxx 10xxxxxx} and {@code 1110xxxx 10xxxxxx 10xxxxxx} as one character each, and anything else as malformed:
 * another leading byte, a following byte not {@code 10xxxxxx}, or a character whose bytes run past the string's end.
 */
final class StringReads {

    private StringReads() {
    }

    /** The string the {@code n} bytes at the start of {@code buf} encode; null when they are malformed. */
    static String decode(final byte[] buf, final int n) {
        int i = 0;
        while (i < n && buf[i] >= 0) {
            i++;
        }
        if (i == n) {
            return new String(buf, 0, n, StandardCharsets.ISO_8859_1);
        }
        char[] chars = new char[n];
        for (int k = 0; k < i; k++) {
            chars[k] = (char) buf[k];
        }
        int c = i;
        while (i < n) {
            int b1 = buf[i] & 0xFF;
            int size = size(b1);
            if (size == 0 || i + size > n) {
                return null;
            }
            if (size == 1) {
                chars[c++] = (char) b1;
            } else if (size == 2) {
                int b2 = buf[i + 1];
                if ((b2 & 0xC0) != 0x80) {
                    return null;
                }
                chars[c++] = (char) (((b1 & 0x1F) << 6) | (b2 & 0x3F));
            } else {
                int b2 = buf[i + 1];
                int b3 = buf[i + 2];
                if ((b2 & 0xC0) != 0x80 || (b3 & 0xC0) != 0x80) {
                    return null;
                }
                chars[c++] = (char) (((b1 & 0x0F) << 12) | ((b2 & 0x3F) << 6) | (b3 & 0x3F));
            }
            i += size;
        }
        return new String(chars, 0, c);
    }

    /**
     * For {@code n} malformed bytes ({@link #decode} gave null), where the JDK's decoding leaves the stream's position
     * when it throws: just past the bytes it took for the first malformed character (one for a wrong leading byte,
     * two or three for a wrong following byte), but never past the string's end.
     */
    static int malformedAt(final byte[] buf, final int n) {
        int i = 0;
        while (i < n) {
            int b1 = buf[i] & 0xFF;
            int size = size(b1);
            if (size == 0) {
                return i + 1;
            }
            if (i + size > n) {
                return n;
            }
            if (size > 1 && (buf[i + 1] & 0xC0) != 0x80 || size > 2 && (buf[i + 2] & 0xC0) != 0x80) {
                return i + size;
            }
            i += size;
        }
        return n;
    }

    /** How many bytes a character with this leading byte has; 0 for a byte no character starts with. */
    private static int size(final int b1) {
        return switch (b1 >> 4) {
            case 0, 1, 2, 3, 4, 5, 6, 7 -> 1;
            case 12, 13 -> 2;
            case 14 -> 3;
            default -> 0;
        };
    }
}
