package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.RuntimeLocation;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link StatisticsPatch} against the class files of every tested JDK, as the patches before it leave them: each
 * public top-level write and read reports its start first, and a handler of any throwable, last in the method's table
 * and over all the rest of the method, reports the failure with the stream's depth and throws the throwable on; the
 * classes pass verification. A method that stores to its local 0, which that handler's frame holds to be the stream,
 * is refused, and so is a class patched already. (What the statistics count with it, {@code StatisticsIT}'s.)
 */
class StatisticsPatchTest {

    private static final String STATISTICS = RuntimeLocation.installedName("dev/serialboost/runtime/engine/Statistics");
    private static final List<String> WRITES = List.of("writeObject(Ljava/lang/Object;)V",
            "writeUnshared(Ljava/lang/Object;)V");
    private static final List<String> READS = List.of("readObject(Ljava/lang/Class;)Ljava/lang/Object;",
            "readUnshared()Ljava/lang/Object;");

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTopLevelCallReportsItsStartAndItsFailure(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = JdkClassFiles.source(jrt);
            check(jdk, inSet(StatisticsPatch.writing()), source, WRITES, "writeStarts", "writeFails", "I");
            check(jdk, inSet(StatisticsPatch.reading()), source, READS, "readStarts", "readFails", "J");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void aTopLevelCallThatStoresToItsLocalZeroIsRefused(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = JdkClassFiles.source(jrt);
            StatisticsPatch patch = inSet(StatisticsPatch.writing());
            byte[] before = JdkClassFiles.before(EnginePatches.set(), patch, source);
            ClassNode node = new ClassNode();
            new ClassReader(before).accept(node, 0);
            InsnList store = new InsnList();
            store.add(new VarInsnNode(Opcodes.ALOAD, 0));
            store.add(new VarInsnNode(Opcodes.ASTORE, 0));
            method(node, WRITES.get(0)).instructions.insert(store);
            ClassWriter writer = new ClassWriter(0);
            node.accept(writer);
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> patch.change(writer.toByteArray()));
            assertTrue(refused.getMessage().contains(WRITES.get(0) + " stores to local 0"),
                    jdk + ": " + refused.getMessage());
            byte[] patched = JdkClassFiles.apply(patch, before, source);
            IllegalStateException again = assertThrows(IllegalStateException.class, () -> patch.change(patched));
            assertTrue(again.getMessage().contains("reports to the statistics already"), again.getMessage());
        }
    }

    private static void check(final Jdk jdk, final StatisticsPatch patch, final ClassFileSource source,
                              final List<String> methods, final String starts, final String fails,
                              final String depth) {
        byte[] patched = JdkClassFiles.apply(patch, JdkClassFiles.before(EnginePatches.set(), patch, source), source);
        JdkClassFiles.verify(patched, jdk);
        ClassNode node = new ClassNode();
        new ClassReader(patched).accept(node, ClassReader.SKIP_FRAMES);
        for (String key : methods) {
            String where = jdk + ", " + key;
            MethodNode m = method(node, key);
            List<AbstractInsnNode> code = JdkClassFiles.instructions(m);
            TryCatchBlockNode guard = m.tryCatchBlocks.get(m.tryCatchBlocks.size() - 1);
            assertNull(guard.type, where + ": the last handler catches any throwable");
            AbstractInsnNode first = JdkClassFiles.at(guard.start);
            int covered = code.indexOf(first);
            assertEquals(Opcodes.INVOKESTATIC + " " + STATISTICS + "." + starts + startDescriptor(patch, starts),
                    JdkClassFiles.describe(code.get(covered - 1)), where + ": the start is reported just before it");
            assertEquals(code.indexOf(JdkClassFiles.at(guard.handler)), code.indexOf(JdkClassFiles.at(guard.end)),
                    where + ": it covers all the method's code up to itself");
            assertEquals(List.of(
                    Opcodes.ALOAD + " 0",
                    Opcodes.GETFIELD + " " + patch.target() + ".depth " + depth,
                    Opcodes.INVOKESTATIC + " " + STATISTICS + "." + fails + "(" + depth + ")V",
                    Opcodes.ATHROW + ""), JdkClassFiles.describe(code.subList(code.size() - 4, code.size())),
                    where + ": the handler reports the failure and throws on, at the method's end");
            assertEquals(code.size() - 4, code.indexOf(JdkClassFiles.at(guard.handler)), where);
            for (TryCatchBlockNode own : m.tryCatchBlocks.subList(0, m.tryCatchBlocks.size() - 1)) {
                assertTrue(code.indexOf(JdkClassFiles.at(own.start)) >= covered,
                        where + ": the method's own handlers lie inside it");
            }
        }
    }

    /** The descriptor of the start's report, from the stream class's side: stream, (top object,) depth. */
    private static String startDescriptor(final StatisticsPatch patch, final String starts) {
        return starts.equals("writeStarts") ? "(L" + patch.target() + ";Ljava/lang/Object;I)V"
                : "(L" + patch.target() + ";J)V";
    }

    /** The engine's set's own part of {@code part}'s class (the set's order is by instance). */
    private static StatisticsPatch inSet(final StatisticsPatch part) {
        return (StatisticsPatch) EnginePatches.set().of(part.target()).stream()
                .filter(p -> p instanceof StatisticsPatch).findFirst().orElseThrow();
    }

    private static MethodNode method(final ClassNode node, final String key) {
        return node.methods.stream().filter(m -> (m.name + m.desc).equals(key)).findFirst().orElseThrow();
    }
}
