package dev.serialboost.transformer;

import org.junit.jupiter.api.Test;

import java.security.MessageDigest;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** The transformer's SHA-1 gives the JDK's digest, at every length around the block and padding boundaries. */
class Sha1Test {

    @Test
    void digestsAsTheJdkDoes() throws Exception {
        Random random = new Random(42);
        for (int length = 0; length <= 300; length++) {
            byte[] input = new byte[length];
            random.nextBytes(input);
            assertArrayEquals(MessageDigest.getInstance("SHA").digest(input), Sha1.digest(input), "length " + length);
            byte[] longer = java.util.Arrays.copyOf(input, length + 1 + random.nextInt(100));
            longer[length] = 1;
            assertArrayEquals(MessageDigest.getInstance("SHA").digest(input), Sha1.digest(longer, length),
                    "the first " + length + " bytes");
        }
        byte[] large = new byte[100_000];
        random.nextBytes(large);
        assertArrayEquals(MessageDigest.getInstance("SHA").digest(large), Sha1.digest(large), "100,000 bytes");
    }
}
