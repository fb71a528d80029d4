package dev.serialboost.runtime.engine;

import dev.serialboost.testing.ModifiedUtf8;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.ObjectInputStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link StringReads} against the JDK's own decoding: for thousands of byte strings (every kind of modified UTF-8
 * character, zero bytes, wrong leading and following bytes, characters cut by the end, lengths around the decoding
 * spans of 256 bytes and the buffer of 1,024), the test's JDK reads each as a string outside block data with its
 * {@code BlockDataInputStream.readUTFBody} (called here, unpatched, over a buffer holding stale random bytes), and
 * {@code StringReads.decode} must give the same string, or null where the JDK throws its {@code UTFDataFormatException}
 * (no message), in which case {@code StringReads.malformedAt} must be the position the JDK left behind. How the patched
 * method uses these is checked end to end (EngineIdentityIT: BadStreams' strings with and without the agent).
 */
class StringReadsTest {

    private static final int[] LENGTHS = {1, 2, 3, 4, 5, 6, 7, 17, 252, 253, 254, 255, 256, 257, 258, 259, 260, 508,
        509, 510, 511, 512, 1019, 1020, 1021, 1022, 1023, 1024};

    @Test
    void decodesAndFailsAsTheJdksOwnDecoding() throws Exception {
        SplittableRandom random = new SplittableRandom(1234);
        int malformed = 0;
        int nonAscii = 0;
        for (int c = 0; c < 8000; c++) {
            int n = c < 4 * LENGTHS.length ? LENGTHS[c % LENGTHS.length] : 1 + random.nextInt(c % 4 == 0 ? 1024 : 40);
            byte[] bytes = ModifiedUtf8.random(random, n, c >= LENGTHS.length);
            Outcome jdk = jdkReads(bytes, random);
            String ours = StringReads.decode(bytes, n);
            String label = "case " + c + ", " + n + " bytes " + hex(bytes);
            if (jdk.failure == null) {
                assertEquals(jdk.value, ours, label);
                assertEquals(n, jdk.pos, "test bug: the JDK's position after a string, " + label);
                nonAscii += ours.chars().anyMatch(ch -> ch >= 0x80) ? 1 : 0;
            } else {
                malformed++;
                assertEquals("java.io.UTFDataFormatException: null", jdk.failure, label);
                assertNull(ours, label);
                assertEquals(jdk.pos, StringReads.malformedAt(bytes, n), "the position the JDK leaves, " + label);
            }
        }
        assertTrue(malformed > 500 && nonAscii > 1000, "test bug: too few malformed (" + malformed + ") or non-ASCII ("
                + nonAscii + ") cases");
    }

    @Test
    void theCasesADecoderGetsWrongEasilyAreTheJdks() throws Exception {
        // the JDK takes a zero byte as the character 0 (Java writes it as C0 80, but reads both): a decoder that
        // refused it would be wrong
        byte[] zero = {'a', 0, 'b'};
        Outcome jdk = jdkReads(zero, new SplittableRandom(1));
        assertEquals("a\0b", jdk.value);
        assertEquals("a\0b", StringReads.decode(zero, 3));
        // a two-byte character cut by the end: the JDK moves past the string's bytes, not past the character's
        byte[] cut = {'a', (byte) 0xC3};
        Outcome cutJdk = jdkReads(cut, new SplittableRandom(2));
        assertEquals(2, cutJdk.pos);
        assertEquals(2, StringReads.malformedAt(cut, 2));
        // a wrong following byte: past the character's bytes
        byte[] wrong = {'a', (byte) 0xE3, (byte) 0x81, 'x', 'y', 'z'};
        Outcome wrongJdk = jdkReads(wrong, new SplittableRandom(3));
        assertEquals(4, wrongJdk.pos);
        assertEquals(4, StringReads.malformedAt(wrong, 6));
    }

    /** What the JDK's {@code readUTFBody} gives for these bytes, read outside block data, and where it leaves pos. */
    private record Outcome(String value, String failure, int pos) {
    }

    private static Outcome jdkReads(final byte[] bytes, final SplittableRandom random) throws Exception {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(stream);
        out.writeShort(0xACED);
        out.writeShort(5);
        out.write(bytes);
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stream.toByteArray()));
        Object bin = field(ObjectInputStream.class, "bin").get(in);
        Class<?> type = bin.getClass();
        Method mode = type.getDeclaredMethod("setBlockDataMode", boolean.class);
        mode.setAccessible(true);
        mode.invoke(bin, false);
        // what a buffer holds beyond a string's end is whatever an earlier read left there
        byte[] buf = (byte[]) field(type, "buf").get(bin);
        for (int i = 0; i < buf.length; i++) {
            buf[i] = (byte) random.nextInt(256);
        }
        Method body = type.getDeclaredMethod("readUTFBody", long.class);
        body.setAccessible(true);
        String value = null;
        String failure = null;
        try {
            value = (String) body.invoke(bin, (long) bytes.length);
        } catch (InvocationTargetException e) {
            failure = e.getCause().getClass().getName() + ": " + e.getCause().getMessage();
        }
        return new Outcome(value, failure, (int) field(type, "pos").get(bin));
    }

    private static Field field(final Class<?> type, final String name) throws NoSuchFieldException {
        Field f = type.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    private static String hex(final byte[] bytes) {
        String all = java.util.HexFormat.of().formatHex(bytes);
        return all.length() > 80 ? all.substring(0, 80) + "..." : all;
    }
}
