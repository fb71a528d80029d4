package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.engine.PrimFieldsGenerator;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The shape of what {@link PrimFieldsGenerator} writes (what it does, run, is checked against the JDK by
 * {@code dev.serialboost.runtime.FieldAccessTest}): one field access per field with the reflector's own key,
 * nothing for a discarded value or a field the class lacks (an access at key -1 would write into the object's
 * header), straight-line code that verifies, and no class for fields it does not copy.
 */
class PrimFieldsGeneratorTest {

    private static final String NAME = "dev/serialboost/runtime/engine/PrimFields";
    private static final long BASE = 16;

    @Test
    void eachFieldIsCopiedWithItsOwnKeyAndDiscardedOnesAreNotTouched() {
        // fields: a double at 0 (key 100), a long the class lacks at 8 (no keys), an int at 16 (key 124)
        byte[] file = PrimFieldsGenerator.generate(NAME, BASE, new long[] {100, -1, 124, 200},
                new long[] {100, -1, 124, 200}, new int[] {0, 8, 16, 0}, new char[] {'D', 'J', 'I', 'L'}, 3);
        ClassNode node = new ClassNode();
        new ClassReader(file).accept(node, 0);
        assertEquals(List.of(BASE, 100L, BASE + 16, 124L), longs(method(node, "get")), "get: address, key, ...");
        assertEquals(List.of(100L, BASE, 124L, BASE + 16), longs(method(node, "set")), "set: key, address, ...");
        StringWriter problems = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(file), PrimFieldsGeneratorTest.class.getClassLoader(), false,
                new PrintWriter(problems));
        assertEquals("", problems.toString());
    }

    @Test
    void noClassForFieldsItDoesNotCopy() {
        assertNull(PrimFieldsGenerator.generate(NAME, BASE, new long[] {1}, new long[] {1}, new int[] {0},
                new char[] {'L'}, 1), "an object field among the primitive ones");
        assertNull(PrimFieldsGenerator.generate(NAME, BASE, new long[0], new long[0], new int[0], new char[0], 0),
                "no primitive field");
        int many = PrimFieldsGenerator.MAX_FIELDS + 1;
        char[] longs = new char[many];
        java.util.Arrays.fill(longs, 'J');
        assertNull(PrimFieldsGenerator.generate(NAME, BASE, new long[many], new long[many], new int[many], longs, many),
                "more fields than one class copies");
    }

    private static MethodNode method(final ClassNode node, final String name) {
        return node.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

    private static List<Long> longs(final MethodNode m) {
        List<Long> values = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof LdcInsnNode ldc && ldc.cst instanceof Long l) {
                values.add(l);
            }
        }
        return values;
    }
}
