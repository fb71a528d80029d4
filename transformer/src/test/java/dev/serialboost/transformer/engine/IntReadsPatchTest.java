package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.RuntimeLocation;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link IntReadsPatch} against the class files of every tested JDK: right after the JDK's {@code if (!blkmode)} in
 * {@code BlockDataInputStream.readInt()} and {@code readUnsignedShort()} it puts the call of the {@code ArrayReads}
 * method of the same name and the return of its value when it read one, else goes on to the JDK's code, whole; the
 * class passes verification, and a class patched already is refused. (Its fingerprints, the whole set applied and the
 * runtime method's access are the contract tests'; what the reads give against the JDK's, the engine's identity test's,
 * whose filters record the stream bytes read at each check.)
 */
class IntReadsPatchTest {

    private static final String ARRAY_READS =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/ArrayReads");

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void outsideBlockDataTheRuntimeReadsFirst(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = JdkClassFiles.source(jrt);
            byte[] original = JdkClassFiles.read(jrt, StringReadsPatch.BLOCK_DATA_INPUT_STREAM);
            byte[] patched = JdkClassFiles.apply(new IntReadsPatch(), original, source);
            for (String read : List.of("readInt", "readUnsignedShort")) {
                checkMethod(jdk + ", " + read, read, patched, original);
            }
            JdkClassFiles.verify(patched, jdk);
            IllegalStateException again = assertThrows(IllegalStateException.class,
                    () -> new IntReadsPatch().change(patched));
            // the first patched method of the class file refuses
            assertTrue(List.of("readInt is patched already", "readUnsignedShort is patched already")
                    .contains(again.getMessage()), again.getMessage());
        }
    }

    /** One patched method of {@code patched}, named {@code read}, against the JDK's in {@code original}. */
    private static void checkMethod(final String jdk, final String read, final byte[] patched, final byte[] original) {
        List<AbstractInsnNode> code = JdkClassFiles.instructions(JdkClassFiles.method(patched, read));
        List<AbstractInsnNode> jdkCode = JdkClassFiles.instructions(JdkClassFiles.method(original, read));
        List<String> shown = JdkClassFiles.describe(code.subList(0, 13));
        assertEquals(List.of(
                Opcodes.ALOAD + " 0",
                Opcodes.GETFIELD + " " + StringReadsPatch.BLOCK_DATA_INPUT_STREAM + ".blkmode Z",
                Opcodes.IFNE + "",
                Opcodes.ALOAD + " 0",
                Opcodes.INVOKESTATIC + " " + ARRAY_READS + "." + read + "(Ljava/lang/Object;)J",
                Opcodes.LSTORE + " 2", Opcodes.LLOAD + " 2", Opcodes.LCONST_0 + "", Opcodes.LCMP + "",
                Opcodes.IFLT + "", Opcodes.LLOAD + " 2", Opcodes.L2I + "", Opcodes.IRETURN + ""), shown, jdk);
        assertSame(code.get(13), JdkClassFiles.at(((JumpInsnNode) code.get(9)).label),
                jdk + ": -1 goes on to the JDK's code");
        assertEquals(JdkClassFiles.describe(jdkCode.subList(3, jdkCode.size())),
                JdkClassFiles.describe(code.subList(13, code.size())), jdk + ": the JDK's code goes on, whole");
    }
}
