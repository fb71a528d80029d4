package dev.serialboost.transformer;

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
 * The patch of {@code ObjectInputStream$BlockDataInputStream.readUTFBody} ({@link StringReadsPatch}) against the
 * class files of every tested JDK: the methods it stands for have a known fingerprint, the patched class passes
 * verification, only {@code readUTFBody} changes, and it starts with the fast path (the JDK's read of the string's
 * bytes, then {@code Strings.decode}, and {@code Strings.malformedAt} before the JDK's exception) followed by the
 * method's own code, whole; a class of another shape is refused. {@code Strings} is checked against the JDK's own
 * decoding by {@code dev.serialboost.runtime.StringsTest}, the patched class end to end by EngineIdentityIT.
 */
class StringReadsPatchTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkIsPatchedWhereExpected(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            byte[] original = JdkClassFiles.read(jrt, StringReadsPatch.BLOCK_DATA_INPUT_STREAM);
            String print = StringReadsPatch.fingerprint(original);
            assertTrue(StringReadsPatch.KNOWN.contains(print), jdk + ": fingerprint " + print + " is not known");
            byte[] patched = StringReadsPatch.patch(original);
            JdkClassFiles.verify(patched, jdk);

            ClassNode before = node(original);
            ClassNode after = node(patched);
            assertEquals(before.methods.size(), after.methods.size());
            for (int i = 0; i < before.methods.size(); i++) {
                MethodNode b = before.methods.get(i);
                MethodNode a = after.methods.get(i);
                List<String> was = calls(b);
                List<String> is = calls(a);
                if (!(a.name + a.desc).equals("readUTFBody(J)Ljava/lang/String;")) {
                    assertEquals(EnginePatches.fingerprint(b), EnginePatches.fingerprint(a), jdk + ": " + a.name
                            + a.desc + " changed");
                    continue;
                }
                List<String> added = List.of(
                        "java/io/ObjectInputStream$PeekInputStream.readFully([BII)V",
                        "dev/serialboost/runtime/Strings.decode([BI)Ljava/lang/String;",
                        "dev/serialboost/runtime/Strings.malformedAt([BI)I",
                        "java/io/UTFDataFormatException.<init>()V");
                assertEquals(added, is.subList(0, added.size()), jdk + ": the fast path's calls come first");
                assertEquals(was, is.subList(added.size(), is.size()), jdk + ": then the method's own");
            }

            // patched once, readUTFBody is not the method the patch knows
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> StringReadsPatch.patch(patched));
            assertTrue(refused.getMessage().contains("readUTFBody is not one serialboost knows (fingerprint "),
                    refused.getMessage());
        }
    }

    private static ClassNode node(final byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, 0);
        return node;
    }

    /** Every call a method makes, {@code owner.name(descriptor)}, in order. */
    private static List<String> calls(final MethodNode m) {
        List<String> calls = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call) {
                calls.add(call.owner + "." + call.name + call.desc);
            }
        }
        return calls;
    }
}
