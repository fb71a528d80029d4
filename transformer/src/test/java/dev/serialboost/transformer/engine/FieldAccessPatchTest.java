package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.JdkPatch;
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
 * The field-copy patch ({@link FieldAccessPatch}) against the class files of every tested JDK: {@code
 * ObjectOutputStream} (after the engine's patches before it) and {@code ObjectInputStream$FieldValues} each get
 * exactly one call of {@code FieldAccess} where they called the descriptor's copy method, in the expected method; a
 * class without that call is refused. (That the {@code FieldReflector} has a known fingerprint and the classes pass
 * verification, the contract test checks.)
 */
class FieldAccessPatchTest {

    private static final String FIELD_ACCESS =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/FieldAccess");

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkIsPatchedWhereExpected(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = JdkClassFiles.source(jrt);
            // the set's own, to be given ObjectOutputStream as the patches before it in the set leave it
            JdkPatch writing = EnginePatches.set().of(FieldAccessPatch.OBJECT_OUTPUT_STREAM).stream()
                    .filter(FieldAccessPatch.class::isInstance).findFirst().orElseThrow();
            byte[] out = JdkClassFiles.apply(writing, JdkClassFiles.before(EnginePatches.set(), writing, source),
                    source);
            assertEquals(List.of("defaultWriteFields -> getPrimFieldValues(Ljava/io/ObjectStreamClass;"
                    + "Ljava/lang/Object;[B)V"), calls(out), jdk.toString());

            FieldAccessPatch reading = FieldAccessPatch.reading();
            byte[] values = JdkClassFiles.apply(reading, JdkClassFiles.read(jrt, FieldAccessPatch.FIELD_VALUES),
                    source);
            assertEquals(List.of("defaultSetFieldValues -> setPrimFieldValues(Ljava/io/ObjectStreamClass;"
                    + "Ljava/lang/Object;[B)V"), calls(values), jdk.toString());

            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> JdkClassFiles.apply(reading, values, source));
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
