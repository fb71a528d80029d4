package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The patch of {@code ObjectInputStream$BlockDataInputStream.readUTFBody} ({@link StringReadsPatch}) against the
 * class files of every tested JDK (whose fingerprints, and verification of the patched class, the contract test
 * checks): only {@code readUTFBody} changes, and it starts with the fast path (the JDK's read of the string's
 * bytes, then {@code StringReads.decode}, and {@code StringReads.malformedAt} before the JDK's exception) followed
 * by the method's own code, whole; a class of another shape is refused. {@code StringReads} is checked against the JDK's own
 * decoding by {@code dev.serialboost.runtime.engine.StringReadsTest}, the patched class end to end by EngineIdentityIT.
 */
class StringReadsPatchTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkIsPatchedWhereExpected(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            StringReadsPatch patch = new StringReadsPatch();
            byte[] original = JdkClassFiles.read(jrt, StringReadsPatch.BLOCK_DATA_INPUT_STREAM);
            byte[] patched = JdkClassFiles.apply(patch, original, null);

            List<List<String>> calls = JdkClassFiles.callsOfTheOnlyChange(original, patched,
                    "readUTFBody(J)Ljava/lang/String;", jdk);
            List<String> was = calls.get(0);
            List<String> is = calls.get(1);
            List<String> added = List.of(
                    "java/io/ObjectInputStream$PeekInputStream.readFully([BII)V",
                    "java/io/Serialboost$StringReads.decode([BI)Ljava/lang/String;",
                    "java/io/Serialboost$StringReads.malformedAt([BI)I",
                    "java/io/UTFDataFormatException.<init>()V");
            assertEquals(added, is.subList(0, added.size()), jdk + ": the fast path's calls come first");
            assertEquals(was, is.subList(added.size(), is.size()), jdk + ": then the method's own");

            // patched once, readUTFBody is not the method the patch knows
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> JdkClassFiles.apply(patch, patched, null));
            assertTrue(refused.getMessage().contains("readUTFBody is not one serialboost knows (fingerprint "),
                    refused.getMessage());
        }
    }
}
