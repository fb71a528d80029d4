package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The patch of {@code ObjectOutputStream$BlockDataOutputStream.writeBytes(String)} ({@link StringWritesPatch})
 * against the class files of every tested JDK: on 17 and 21 only {@code writeBytes(String)} changes, and its new body
 * copies with {@code String.getBytes(int, int, byte[], int)} and drains the buffer itself; on 25, whose method copies
 * that way already, there is nothing to do; patched once, the class is refused. (Its fingerprints, and verification
 * of the patched class, the contract test checks.) The bytes the patched method writes, in and
 * outside block data, at every point of the buffer, are compared with the JDK's end to end by EngineIdentityIT.
 */
class StringWritesPatchTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkIsPatchedWhereItCopiesByteByByte(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            StringWritesPatch patch = new StringWritesPatch();
            byte[] original = JdkClassFiles.read(jrt, StringWritesPatch.BLOCK_DATA_OUTPUT_STREAM);
            if (jdk.feature() >= 25) {
                assertTrue(patch.unneeded(original, null), jdk + ": fingerprint " + patch.fingerprint(original, null));
                return;
            }
            assertFalse(patch.unneeded(original, null));
            byte[] patched = JdkClassFiles.apply(patch, original, null);

            List<List<String>> calls = JdkClassFiles.callsOfTheOnlyChange(original, patched,
                    "writeBytes(Ljava/lang/String;)V", jdk);
            assertEquals(List.of("java/lang/String.length()I", "java/lang/Math.min(II)I",
                    "java/lang/String.getChars(II[CI)V", "java/io/ObjectOutputStream$BlockDataOutputStream.drain()V",
                    "java/lang/Math.min(II)I"), calls.get(0), jdk + ": the JDK's body");
            assertEquals(List.of("java/lang/String.length()I",
                    "java/io/ObjectOutputStream$BlockDataOutputStream.drain()V", "java/lang/Math.min(II)I",
                    "java/lang/String.getBytes(II[BI)V"), calls.get(1), jdk + ": the new body");

            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> JdkClassFiles.apply(patch, patched, null));
            assertTrue(refused.getMessage().contains("writeBytes(String) is not one serialboost knows (fingerprint "),
                    refused.getMessage());
        }
    }
}
