package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkString;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link StringLengths} against the JDK's own count: for thousands of strings (characters of 1 to 0x7F, zero, 0x80 to
 * 0xFF, above 0xFF and surrogates, alone and mixed, at every position of the eight-byte words, lengths 0 to 70,000),
 * the test's JDK computes each length with its {@code BlockDataOutputStream.getUTFLength} (called here, unpatched),
 * and {@code StringLengths.utfLength} must give the same, or -1 exactly for the strings it leaves to the JDK: those
 * stored two bytes per character (a character above 0xFF) and null. How the patched method uses it is checked end to
 * end (EngineIdentityIT: the corpus's strings with and without the agent).
 */
class StringLengthsTest {

    private static final String BLOCK_DATA_OUTPUT_STREAM = "java.io.ObjectOutputStream$BlockDataOutputStream";

    /** Characters by how many bytes of modified UTF-8 each is. */
    private static final char[][] ALPHABETS = {
        {'a', 'Z', '0', ' ', '~', 0x01, 0x7F},
        {0x00, 0x80, 0xA9, 0xE9, 0xFF},
        {0x100, 0x7FF, 0x800, 0x20AC, 0xFFFF, 0xD83D, 0xDE00},
    };

    @Test
    void countsAsTheJdksOwnMethodOrLeavesItToIt() throws Exception {
        assertNull(JdkString.PROBLEM, "the test runs with java.lang open, so the counting itself is what is tested");
        Method jdk = jdkGetUtfLength();
        Object stream = jdkStream();
        SplittableRandom random = new SplittableRandom(4321);
        int counted = 0;
        int latin1 = 0;
        for (int c = 0; c < 6000; c++) {
            int n = c < 64 ? c : c % 500 == 0 ? 70_000 : random.nextInt(c % 3 == 0 ? 300 : 40);
            String s = randomString(random, n, c % 4);
            long expected = (long) jdk.invoke(stream, s);
            long ours = StringLengths.utfLength(s);
            boolean twoBytesPerCharacter = s.chars().anyMatch(ch -> ch > 0xFF);
            if (twoBytesPerCharacter) {
                assertEquals(-1, ours, "a string of characters above 0xFF is the JDK's to count: " + describe(s));
            } else {
                assertEquals(expected, ours, describe(s));
                counted++;
                latin1 += s.chars().anyMatch(ch -> ch == 0 || ch >= 0x80) ? 1 : 0;
            }
        }
        assertEquals(-1, StringLengths.utfLength(null), "null is the JDK's, which throws its own exception");
        assertTrue(counted > 3000 && latin1 > 1000, "test bug: too few strings counted (" + counted + ") or with"
                + " two-byte Latin-1 characters (" + latin1 + ")");
    }

    /**
     * A string of {@code n} characters: {@code kind} 0 from the one-byte alphabet, 1 from one- and two-byte Latin-1,
     * 2 from every alphabet, 3 one-byte with a single other character at a random place.
     */
    private static String randomString(final SplittableRandom random, final int n, final int kind) {
        char[] chars = new char[n];
        for (int i = 0; i < n; i++) {
            char[] alphabet = ALPHABETS[kind == 1 ? random.nextInt(2) : kind == 2 ? random.nextInt(3) : 0];
            chars[i] = alphabet[random.nextInt(alphabet.length)];
        }
        if (kind == 3 && n > 0) {
            char[] other = ALPHABETS[1 + random.nextInt(2)];
            chars[random.nextInt(n)] = other[random.nextInt(other.length)];
        }
        return new String(chars);
    }

    private static String describe(final String s) {
        StringBuilder out = new StringBuilder(s.length() + " characters:");
        s.chars().limit(80).forEach(ch -> out.append(' ').append(Integer.toHexString(ch)));
        return out.toString();
    }

    private static Method jdkGetUtfLength() throws Exception {
        Class<?> type = Class.forName(BLOCK_DATA_OUTPUT_STREAM);
        Method method = type.getDeclaredMethod("getUTFLength", String.class);
        method.setAccessible(true);
        return method;
    }

    private static Object jdkStream() throws Exception {
        Class<?> type = Class.forName(BLOCK_DATA_OUTPUT_STREAM);
        Constructor<?> constructor = type.getDeclaredConstructor(OutputStream.class);
        constructor.setAccessible(true);
        return constructor.newInstance(new ByteArrayOutputStream());
    }
}
