package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.RuntimeLocation;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.util.ArrayList;
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
            MethodNode before = method(original, "filterCheck");
            MethodNode after = method(patched, "filterCheck");
            List<String> code = new ArrayList<>();
            for (AbstractInsnNode i : after.instructions) {
                if (i.getOpcode() >= 0) {
                    code.add(describe(i));
                }
            }
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
            assertEquals(real(before) + 9, real(after), jdk + ": the JDK's code goes on, whole");
            JdkClassFiles.verify(patched, jdk);
        }
    }

    private static String describe(final AbstractInsnNode i) {
        String what = i instanceof MethodInsnNode m ? " " + m.owner + "." + m.name + m.desc
                : i instanceof FieldInsnNode f ? " " + f.owner + "." + f.name + " " + f.desc
                : i instanceof VarInsnNode v ? " " + v.var : "";
        return i.getOpcode() + what;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void configTellsTheRuntimeBeforeItsInitializerReturns(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            byte[] original = JdkClassFiles.read(jrt, FilterConfigPatch.CONFIG);
            byte[] patched = new FilterConfigPatch().change(original);
            JdkClassFiles.verify(patched, jdk);
            MethodNode clinit = method(patched, "<clinit>");
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
            assertEquals(real(method(original, "<clinit>")) + 1, real(clinit), jdk.toString());
            IllegalStateException again = assertThrows(IllegalStateException.class,
                    () -> new FilterConfigPatch().change(patched));
            assertTrue(again.getMessage().contains("calls serialboost already"), again.getMessage());
        }
    }

    private static MethodNode method(final byte[] classFile, final String name) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, ClassReader.SKIP_FRAMES);
        return node.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

    private static int real(final MethodNode m) {
        int n = 0;
        for (AbstractInsnNode i : m.instructions) {
            if (i.getOpcode() >= 0) {
                n++;
            }
        }
        return n;
    }
}
