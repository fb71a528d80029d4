package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;
import dev.serialboost.transformer.kit.ClassFileSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DeferredValuesPatch} against the class files of every tested JDK: between the JDK's {@code if
 * (!hasSpecialReadMethod)} and its {@code new FieldValues[slots.length]} it puts the test of one level (past the
 * allocation, to the JDK's own label, when the level has a {@code readObject} or no data of a {@code writeObject}),
 * and nothing else; the class passes verification, and a class patched already is refused. (Its fingerprints, and
 * the whole set applied, are the contract tests'; what the reads give, against the JDK's, the engine's identity
 * test's, whose {@code fields-set-late} subject fails a patch that leaves the array out after a {@code writeObject}'s
 * data.)
 */
class DeferredValuesPatchTest {

    private static final String READ_SERIAL_DATA = "readSerialData";

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void theArrayIsAllocatedOnlyForMoreLevelsOrAWriteObjectsDataLeftUnread(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = JdkClassFiles.source(jrt);
            byte[] original = JdkClassFiles.read(jrt, StreamCall.OBJECT_INPUT_STREAM);
            byte[] patched = JdkClassFiles.apply(new DeferredValuesPatch(), original, source);
            List<AbstractInsnNode> code = JdkClassFiles.instructions(JdkClassFiles.method(patched, READ_SERIAL_DATA));
            int allocation = -1;
            for (int i = 0; i < code.size(); i++) {
                if (code.get(i) instanceof TypeInsnNode t && t.getOpcode() == Opcodes.ANEWARRAY) {
                    allocation = i;
                }
            }
            assertTrue(allocation > 20, jdk + ": no FieldValues[] allocated");
            List<AbstractInsnNode> test = code.subList(allocation - 19, allocation + 1);
            List<String> shown = JdkClassFiles.describe(test);
            int slots = ((VarInsnNode) test.get(1)).var;
            String desc = Opcodes.GETFIELD + " java/io/ObjectStreamClass$ClassDataSlot.desc Ljava/io/ObjectStreamClass;";
            assertEquals(List.of(
                    Opcodes.IFNE + "", // the JDK's: if (!hasSpecialReadMethod)
                    Opcodes.ALOAD + " " + slots, Opcodes.ARRAYLENGTH + "", Opcodes.ICONST_1 + "", Opcodes.IF_ICMPNE + "",
                    Opcodes.ALOAD + " " + slots, Opcodes.ICONST_0 + "", Opcodes.AALOAD + "", desc,
                    Opcodes.INVOKEVIRTUAL + " java/io/ObjectStreamClass.hasReadObjectMethod()Z", Opcodes.IFNE + "",
                    Opcodes.ALOAD + " " + slots, Opcodes.ICONST_0 + "", Opcodes.AALOAD + "", desc,
                    Opcodes.INVOKEVIRTUAL + " java/io/ObjectStreamClass.hasWriteObjectData()Z", Opcodes.IFEQ + "",
                    Opcodes.ALOAD + " " + slots, Opcodes.ARRAYLENGTH + "",
                    Opcodes.ANEWARRAY + " java/io/ObjectInputStream$FieldValues"), shown, jdk.toString());
            LabelNode past = ((JumpInsnNode) test.get(0)).label;
            assertSame(past, ((JumpInsnNode) test.get(10)).label, jdk + ": a readObject skips the array");
            assertSame(past, ((JumpInsnNode) test.get(16)).label, jdk + ": no writeObject data skips the array");
            assertSame(test.get(17), JdkClassFiles.at(((JumpInsnNode) test.get(4)).label), jdk + ": more levels allocate it");
            assertEquals(JdkClassFiles.instructions(JdkClassFiles.method(original, READ_SERIAL_DATA)).size() + 16,
                    code.size(),
                    jdk + ": the JDK's code goes on, whole");
            JdkClassFiles.verify(patched, jdk);
            IllegalStateException again = assertThrows(IllegalStateException.class,
                    () -> new DeferredValuesPatch().change(patched));
            assertEquals("readSerialData is patched already", again.getMessage());
        }
    }
}
