package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.engine.ArrayReadsPatch;
import dev.serialboost.transformer.kit.RuntimeLocation;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The patch of {@code ObjectInputStream$PeekInputStream} ({@link ArrayReadsPatch}) against the class files of every
 * tested JDK: {@code ByteArrayInputStream}'s reads have a known fingerprint, the four reads of the underlying stream
 * (and nothing else) become calls of {@code ArrayReads}, the class passes verification, and a class of another
 * shape is refused with a message that says what it found. What {@code ArrayReads} does is checked against
 * {@code ByteArrayInputStream} itself by {@code dev.serialboost.runtime.ArrayReadsTest}.
 */
class ArrayReadsPatchTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkIsPatchedWhereExpected(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            byte[] arrayStream = JdkClassFiles.read(jrt, ArrayReadsPatch.BYTE_ARRAY_INPUT_STREAM);
            String print = ArrayReadsPatch.fingerprint(arrayStream);
            assertTrue(ArrayReadsPatch.KNOWN.contains(print), jdk + ": ByteArrayInputStream fingerprint " + print
                    + " is not known");
            byte[] original = JdkClassFiles.read(jrt, ArrayReadsPatch.PEEK_INPUT_STREAM);
            byte[] patched = ArrayReadsPatch.patch(original);
            assertEquals(List.of("peek()I -> read(Ljava/io/InputStream;)I",
                    "read()I -> read(Ljava/io/InputStream;)I",
                    "read([BII)I -> read(Ljava/io/InputStream;[BII)I",
                    "read([BII)I -> read(Ljava/io/InputStream;[BII)I"),
                    calls(patched, RuntimeLocation.installedName("dev/serialboost/runtime/engine/ArrayReads")), jdk.toString());
            assertEquals(List.of(), calls(patched, "java/io/InputStream").stream().filter(c -> c.contains("> read("))
                    .toList(), jdk + ": no read of the underlying stream left");
            JdkClassFiles.verify(patched, jdk);

            // patched once, the class has no read of the stream left: not the shape the patch knows
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> ArrayReadsPatch.patch(patched));
            assertTrue(refused.getMessage().contains("0 in peek(), 0 in read(), 0 in read(byte[], int, int), 0"
                    + " elsewhere; expected 1, 1, 2, 0"), refused.getMessage());
        }
    }

    /** {@code method -> callee} for each call to a method of {@code owner}, in class-file order. */
    private static List<String> calls(final byte[] classFile, final String owner) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, 0);
        List<String> calls = new ArrayList<>();
        for (MethodNode m : node.methods) {
            for (AbstractInsnNode insn : m.instructions) {
                if (insn instanceof MethodInsnNode call && call.owner.equals(owner)) {
                    calls.add(m.name + m.desc + " -> " + call.name + call.desc);
                }
            }
        }
        return calls;
    }
}
