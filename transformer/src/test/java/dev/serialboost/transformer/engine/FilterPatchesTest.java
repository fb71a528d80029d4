package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.RuntimeLocation;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The patches of {@code docs/filters.md} against the class files of every tested JDK: {@link FilterChecksPatch} puts
 * one call, {@code ClassRecording.filterCheck(this, clazz, arrayLength, totalObjectRefs, depth, bytesRead)}, right
 * after the JDK's {@code filterCheck} has stored the bytes read, and nothing else; {@link FilterConfigPatch} (not an
 * engine patch: applied for the {@code filter} setting alone)
 * calls {@code SerialFilters.configured()} just before {@code ObjectInputFilter$Config}'s initializer returns, the
 * class passes verification, and a class patched already is refused. (The engine patch's fingerprints, verification
 * and runtime calls are held by the contract tests.)
 */
class FilterPatchesTest {

    private static final String RECORDING = RuntimeLocation.installedName("dev/serialboost/runtime/engine/ClassRecording");
    private static final String FILTERS = RuntimeLocation.installedName("dev/serialboost/runtime/engine/SerialFilters");

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void filterCheckTellsTheRecordingFirst(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = JdkClassFiles.source(jrt);
            byte[] original = JdkClassFiles.read(jrt, StreamCall.OBJECT_INPUT_STREAM);
            byte[] patched = JdkClassFiles.apply(new FilterChecksPatch(), original, source);
            MethodNode before = JdkClassFiles.method(original, "filterCheck");
            MethodNode after = JdkClassFiles.method(patched, "filterCheck");
            List<String> code = JdkClassFiles.describe(JdkClassFiles.instructions(after));
            int call = code.indexOf(Opcodes.INVOKESTATIC + " " + RECORDING
                    + ".filterCheck(Ljava/io/ObjectInputStream;Ljava/lang/Class;IJJJ)V");
            assertTrue(call > 9, jdk + ": " + code);
            // the JDK's first statement, long bytesRead = bin == null ? 0 : bin.getBytesRead(), then the call with it
            assertEquals(List.of(
                    Opcodes.INVOKEVIRTUAL + " java/io/ObjectInputStream$BlockDataInputStream.getBytesRead()J",
                    Opcodes.LSTORE + " 3", Opcodes.ALOAD + " 0", Opcodes.ALOAD + " 1", Opcodes.ILOAD + " 2",
                    Opcodes.ALOAD + " 0", Opcodes.GETFIELD + " java/io/ObjectInputStream.totalObjectRefs J",
                    Opcodes.ALOAD + " 0", Opcodes.GETFIELD + " java/io/ObjectInputStream.depth J",
                    Opcodes.LLOAD + " 3"),
                    code.subList(call - 10, call), jdk.toString());
            assertEquals(JdkClassFiles.instructions(before).size() + 9, JdkClassFiles.instructions(after).size(), jdk + ": the JDK's code goes on, whole");
            JdkClassFiles.verify(patched, jdk);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void configTellsTheRuntimeBeforeItsInitializerReturns(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            byte[] original = JdkClassFiles.read(jrt, FilterConfigPatch.CONFIG);
            byte[] patched = new FilterConfigPatch().change(original);
            JdkClassFiles.verify(patched, jdk);
            MethodNode clinit = JdkClassFiles.method(patched, "<clinit>");
            AbstractInsnNode last = clinit.instructions.getLast();
            while (last.getOpcode() != Opcodes.RETURN) {
                last = last.getPrevious();
            }
            AbstractInsnNode call = last.getPrevious();
            while (call.getOpcode() < 0) {
                call = call.getPrevious();
            }
            assertTrue(call instanceof MethodInsnNode m && m.owner.equals(FILTERS) && m.name.equals("configured")
                    && m.desc.equals("()V"), jdk.toString());
            assertEquals(JdkClassFiles.instructions(JdkClassFiles.method(original, "<clinit>")).size() + 1,
                    JdkClassFiles.instructions(clinit).size(), jdk.toString());
            IllegalStateException again = assertThrows(IllegalStateException.class,
                    () -> new FilterConfigPatch().change(patched));
            assertTrue(again.getMessage().contains("calls serialboost already"), again.getMessage());
        }
    }
}
