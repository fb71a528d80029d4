package dev.serialboost.agent;

import dev.serialboost.testing.Jdk;
import dev.serialboost.testing.JdkShape;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Simulates a JDK whose {@code java.io} is not the shape the converted format's patches expect: from a JDK's own
 * class files it writes a {@code --patch-module java.base=DIR} directory in which
 * {@code ObjectInputStream.readExternalData} is renamed {@value #RENAMED} (the method and every call of it), a
 * change a future JDK could make. The JDK itself keeps working, and the engine layer does not touch that method;
 * the agent must notice at start-up and leave the converted format off.
 */
final class OtherJdkShape {

    static final String OBJECT_INPUT_STREAM = "java/io/ObjectInputStream";
    /** The method renamed, as the start-up check names it. */
    static final String METHOD = "readExternalData(Ljava/io/Externalizable;Ljava/io/ObjectStreamClass;)V";
    static final String RENAMED = "readExternalObject";

    private OtherJdkShape() {
    }

    /**
     * Writes the renamed {@code java/io/ObjectInputStream.class} of {@code jdk} under {@code dir}.
     *
     * @return {@code dir}, for {@code --patch-module java.base=dir}
     */
    static Path patchDirectory(final Jdk jdk, final Path dir) throws IOException {
        byte[] original;
        try (FileSystem jrt = jdk.classFiles()) {
            original = Files.readAllBytes(jrt.getPath("/modules/java.base", OBJECT_INPUT_STREAM + ".class"));
        }
        byte[] renamed = JdkShape.rename(original, Map.of(OBJECT_INPUT_STREAM + "." + METHOD, RENAMED));
        Path file = dir.resolve(OBJECT_INPUT_STREAM + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, renamed);
        return dir;
    }
}
