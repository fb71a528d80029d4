package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.engine.EnginePatches;
import dev.serialboost.transformer.engine.FieldAccessPatch;
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
 * The field-copy patch ({@link FieldAccessPatch}) against the class files of every tested JDK: the
 * {@code FieldReflector} has a known fingerprint; {@code ObjectOutputStream} (after the engine's other patches) and
 * {@code ObjectInputStream$FieldValues} each get exactly one call of {@code FieldAccess} where they called the
 * descriptor's copy method, in the expected method, and pass verification; a class without that call is refused.
 */
class FieldAccessPatchTest {

    private static final String FIELD_ACCESS = RuntimeLocation.installedName("dev/serialboost/runtime/engine/FieldAccess");

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkIsPatchedWhereExpected(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            String print = FieldAccessPatch.fingerprint(JdkClassFiles.read(jrt, FieldAccessPatch.FIELD_REFLECTOR));
            assertTrue(FieldAccessPatch.KNOWN_REFLECTOR.contains(print), jdk + ": FieldReflector fingerprint " + print
                    + " is not known");

            byte[] out = FieldAccessPatch.patch(FieldAccessPatch.OBJECT_OUTPUT_STREAM, EnginePatches.patch(
                    EnginePatches.OBJECT_OUTPUT_STREAM, JdkClassFiles.read(jrt, EnginePatches.OBJECT_OUTPUT_STREAM),
                    true, true));
            assertEquals(List.of("defaultWriteFields -> getPrimFieldValues(Ljava/io/ObjectStreamClass;"
                    + "Ljava/lang/Object;[B)V"), calls(out), jdk.toString());
            JdkClassFiles.verify(out, jdk);

            byte[] values = FieldAccessPatch.patch(FieldAccessPatch.FIELD_VALUES,
                    JdkClassFiles.read(jrt, FieldAccessPatch.FIELD_VALUES));
            assertEquals(List.of("defaultSetFieldValues -> setPrimFieldValues(Ljava/io/ObjectStreamClass;"
                    + "Ljava/lang/Object;[B)V"), calls(values), jdk.toString());
            JdkClassFiles.verify(values, jdk);

            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> FieldAccessPatch.patch(FieldAccessPatch.FIELD_VALUES, values));
            assertTrue(refused.getMessage().contains("calls ObjectStreamClass.setPrimFieldValues 0 times, not once"),
                    refused.getMessage());
        }
    }

    /** {@code method -> callee} for each call to {@code FieldAccess}. */
    private static List<String> calls(final byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, 0);
        List<String> calls = new ArrayList<>();
        for (MethodNode m : node.methods) {
            for (AbstractInsnNode insn : m.instructions) {
                if (insn instanceof MethodInsnNode call && call.owner.equals(FIELD_ACCESS)) {
                    calls.add(m.name + " -> " + call.name + call.desc);
                }
            }
        }
        return calls;
    }

}
