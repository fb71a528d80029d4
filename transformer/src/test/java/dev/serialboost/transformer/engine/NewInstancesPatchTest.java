package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;
import dev.serialboost.transformer.kit.ClassFileSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link NewInstancesPatch} against the class files of every tested JDK: of all of {@code ObjectInputStream}'s
 * methods only {@code readOrdinaryObject} changes, and in it only its one call of the descriptor's {@code
 * newInstance()}, which becomes the runtime's; the class passes verification; a class patched already is refused for
 * want of the call. (Its fingerprints, and the whole set applied, are the contract tests'; the runtime's objects
 * against the descriptor's, {@code NewInstancesTest}'s; the reads with the agent against the JDK's, the engine's
 * identity test's.)
 */
class NewInstancesPatchTest {

    private static final String READ_ORDINARY_OBJECT = "readOrdinaryObject(Z)Ljava/lang/Object;";

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void theDescriptorsNewInstanceBecomesTheRuntimesAndNothingElseChanges(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = JdkClassFiles.source(jrt);
            byte[] original = JdkClassFiles.read(jrt, StreamCall.OBJECT_INPUT_STREAM);
            byte[] patched = JdkClassFiles.apply(new NewInstancesPatch(), original, source);
            JdkClassFiles.assertOnly(original, patched, READ_ORDINARY_OBJECT, jdk,
                    List.of("java/io/ObjectStreamClass.newInstance()Ljava/lang/Object;"),
                    List.of("java/io/Serialboost$NewInstances.newInstance(Ljava/io/ObjectStreamClass;)"
                            + "Ljava/lang/Object;"));
            JdkClassFiles.verify(patched, jdk);
            IllegalStateException again = assertThrows(IllegalStateException.class,
                    () -> new NewInstancesPatch().change(patched));
            assertTrue(again.getMessage().contains("readOrdinaryObject(Z)Ljava/lang/Object; calls"
                    + " java.io.ObjectStreamClass.newInstance()Ljava/lang/Object; 0 times, not once"), again.getMessage());
        }
    }
}
