package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.ClassHierarchy;
import dev.serialboost.transformer.converted.ClassInfo;
import dev.serialboost.transformer.converted.Decision;
import dev.serialboost.transformer.converted.TransformOptions;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The supertype walk of one class loader, whose answers are kept: each class file is read once however many
 * subclasses ask, an answer is forgotten when the class being defined turns out to have other supertypes than the
 * class file read for it, and a missing class file is never taken for an answer.
 */
class ClassHierarchyTest {

    private static final String SERIALIZABLE = "java/io/Serializable";

    @Test
    void eachSupertypeIsReadOnceForAllItsSubclasses() {
        Map<String, byte[]> files = new HashMap<>();
        files.put("p/Base", classFile("p/Base", "java/lang/Object", "p/Marker"));
        files.put("p/Marker", classFile("p/Marker", "java/lang/Object", SERIALIZABLE));
        files.put("p/Plain", classFile("p/Plain", "java/lang/Object"));
        Map<String, Integer> reads = new HashMap<>();
        ClassHierarchy hierarchy = new ClassHierarchy(name -> {
            reads.merge(name, 1, Integer::sum);
            return files.get(name);
        }, name -> false);
        for (int i = 0; i < 50; i++) {
            files.put("p/Sub" + i, classFile("p/Sub" + i, i % 2 == 0 ? "p/Base" : "p/Plain"));
            assertEquals(i % 2 == 0, hierarchy.isSubtype("p/Sub" + i, SERIALIZABLE), "p/Sub" + i);
        }
        assertEquals(1, reads.get("p/Base"));
        assertEquals(1, reads.get("p/Marker"));
        assertEquals(1, reads.get("p/Plain"));
    }

    @Test
    void aClassDefinedWithOtherSupertypesThanItsClassFileIsAnsweredAgain() {
        Map<String, byte[]> files = new HashMap<>();
        files.put("p/Base", classFile("p/Base", "java/lang/Object"));
        files.put("p/Sub", classFile("p/Sub", "p/Base"));
        ClassHierarchy hierarchy = new ClassHierarchy(files::get, name -> false);
        assertFalse(hierarchy.isSubtype("p/Sub", SERIALIZABLE));
        // the bytes the JVM defines p.Base from (another agent added an interface) win over its class file
        hierarchy.remember(ClassInfo.parse(classFile("p/Base", "java/lang/Object", SERIALIZABLE)));
        assertTrue(hierarchy.isSubtype("p/Base", SERIALIZABLE));
        assertTrue(hierarchy.isSubtype("p/Sub", SERIALIZABLE));
        // the same supertypes again: nothing to forget, the answers stand
        hierarchy.remember(ClassInfo.parse(classFile("p/Sub", "p/Base")));
        assertTrue(hierarchy.isSubtype("p/Sub", SERIALIZABLE));
    }

    @Test
    void aSuperclassWhoseDecisionNeedsItsWholeClassFileIsReadOnce() {
        Map<String, byte[]> files = new HashMap<>();
        files.put("p/Base", classFile("p/Base", "java/lang/Object", SERIALIZABLE));
        files.put("p/Sub", classFile("p/Sub", "p/Base"));
        Map<String, Integer> reads = new HashMap<>();
        ClassHierarchy hierarchy = new ClassHierarchy(name -> {
            reads.merge(name, 1, Integer::sum);
            return files.get(name);
        }, name -> false);
        Decision sub = new ClassConverter(TransformOptions.DEFAULTS).transform(files.get("p/Sub"), hierarchy)
                .decision();
        assertTrue(sub.isConverted(), sub.toString());
        assertEquals("p.Base", sub.convertedSuperclass());
        assertEquals(Map.of("p/Base", 1), reads);
    }

    @Test
    void aMissingSupertypeIsNeverTakenForAnAnswer() {
        Map<String, byte[]> files = new HashMap<>();
        files.put("p/Sub", classFile("p/Sub", "p/Missing"));
        ClassHierarchy hierarchy = new ClassHierarchy(files::get, name -> false);
        for (int i = 0; i < 2; i++) {
            ClassHierarchy.UnresolvableTypeException e = org.junit.jupiter.api.Assertions.assertThrows(
                    ClassHierarchy.UnresolvableTypeException.class, () -> hierarchy.isSubtype("p/Sub", SERIALIZABLE));
            assertEquals("p.Missing", e.getMessage());
        }
        files.put("p/Missing", classFile("p/Missing", "java/lang/Object", SERIALIZABLE));
        assertTrue(new ClassHierarchy(files::get, name -> false).isSubtype("p/Sub", SERIALIZABLE));
    }

    private static byte[] classFile(final String name, final String superName, final String... interfaces) {
        ClassWriter w = new ClassWriter(0);
        boolean isInterface = name.equals("p/Marker");
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | (isInterface ? Opcodes.ACC_INTERFACE | Opcodes.ACC_ABSTRACT : 0),
                name, null, superName, interfaces);
        w.visitEnd();
        return w.toByteArray();
    }
}
