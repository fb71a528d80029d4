package dev.serialboost.runtime.engine;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamConstants;
import java.io.UTFDataFormatException;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The engine's decoder of class and field names against the JDK's own: for valid and malformed modified UTF-8 of
 * up to one reader buffer, the same string or the same {@code UTFDataFormatException} (without message) as an
 * {@code ObjectInputStream} reading those bytes as a string.
 */
class DescriptorReaderTest {

    /** A byte a name could start with, or one that breaks it: ASCII, lead and continuation bytes, 0xF0 and up. */
    private static final int[] BYTES = {'a', 'Z', '$', '.', 0, 0x7F, 0xC0, 0xC3, 0xDF, 0xE0, 0xE2, 0xEF, 0x80, 0xA9,
        0xBF, 0xF0, 0xFF};

    @Test
    void decodesLikeTheJdkReaderForValidAndMalformedInput() throws IOException {
        Random random = new Random(20261123);
        int malformed = 0;
        for (int n = 0; n < 20_000; n++) {
            byte[] b = new byte[random.nextInt(n < 19_000 ? 12 : 1024) + (n % 7 == 0 ? 0 : 1)];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) (random.nextInt(3) == 0 ? BYTES[random.nextInt(BYTES.length)] : 'a' + random.nextInt(26));
            }
            String expected = jdkDecode(b);
            String actual;
            try {
                actual = DescriptorReader.decode(b, 0, b.length);
            } catch (UTFDataFormatException e) {
                actual = "UTFDataFormatException: " + e.getMessage();
            }
            if (expected.startsWith("UTFDataFormatException")) {
                malformed++;
            }
            assertEquals(expected, actual, () -> "bytes " + java.util.HexFormat.of().formatHex(b));
        }
        assertEquals(true, malformed > 2_000 && malformed < 18_000, "test bug: " + malformed + " malformed inputs");
    }

    @Test
    void decodesEveryCharacterAsTheJdkWritesIt() throws IOException {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 20_000; c++) {
            all.append(c);
        }
        for (int from = 0; from < all.length(); from += 300) {
            String s = all.substring(from, Math.min(all.length(), from + 300));
            ByteArrayOutputStream utf = new ByteArrayOutputStream();
            new DataOutputStream(utf).writeUTF(s);
            byte[] b = java.util.Arrays.copyOfRange(utf.toByteArray(), 2, utf.size());
            assertEquals(s, DescriptorReader.decode(b, 0, b.length));
        }
    }

    /** What {@code ObjectInputStream} makes of {@code b} as the body of a TC_STRING: the string or the exception. */
    private static String jdkDecode(final byte[] b) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeShort(ObjectStreamConstants.STREAM_MAGIC);
        out.writeShort(ObjectStreamConstants.STREAM_VERSION);
        out.writeByte(ObjectStreamConstants.TC_STRING);
        out.writeShort(b.length);
        out.write(b);
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (String) in.readObject();
        } catch (UTFDataFormatException e) {
            return "UTFDataFormatException: " + e.getMessage();
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
