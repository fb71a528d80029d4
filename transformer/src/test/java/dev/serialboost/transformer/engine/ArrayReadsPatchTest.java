package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
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
 * tested JDK: the four reads of the underlying stream (and nothing else) become calls of {@code ArrayReads}, and a
 * class of another shape is refused with a message that says what it found. (That {@code ByteArrayInputStream}'s
 * reads have a known fingerprint and the class passes verification, the contract test checks.) What {@code
 * ArrayReads} does is checked against {@code ByteArrayInputStream} itself by {@code
 * dev.serialboost.runtime.engine.ArrayReadsTest}.
 */
class ArrayReadsPatchTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkIsPatchedWhereExpected(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = JdkClassFiles.source(jrt);
            ArrayReadsPatch patch = new ArrayReadsPatch();
            byte[] original = JdkClassFiles.read(jrt, ArrayReadsPatch.PEEK_INPUT_STREAM);
            byte[] patched = JdkClassFiles.apply(patch, original, source);
            assertEquals(List.of("peek()I -> read(Ljava/io/InputStream;)I",
                    "read()I -> read(Ljava/io/InputStream;)I",
                    "read([BII)I -> read(Ljava/io/InputStream;[BII)I",
                    "read([BII)I -> read(Ljava/io/InputStream;[BII)I"),
                    calls(patched, RuntimeLocation.installedName("dev/serialboost/runtime/engine/ArrayReads")),
                    jdk.toString());
            assertEquals(List.of(), calls(patched, "java/io/InputStream").stream().filter(c -> c.contains("> read("))
                    .toList(), jdk + ": no read of the underlying stream left");

            // patched once, the class has no read of the stream left: not the shape the patch knows
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> JdkClassFiles.apply(patch, patched, source));
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
