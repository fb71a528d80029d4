package dev.serialboost.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.io.ObjectStreamField;
import java.lang.reflect.Field;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * A copy of a stream field ({@link FieldCopies}) is what {@code new ObjectStreamField(name, signature, false)} makes,
 * in every observable value and in every private one, and a new object; and the class it relies on is the one each
 * tested JDK has.
 */
class FieldCopiesTest {

    private static final String[][] FIELDS = {{"count", "I"}, {"flag", "Z"}, {"time", "J"}, {"text",
        "Ljava/lang/String;"}, {"values", "[D"}, {"items", "[Ljava/lang/Object;"}, {"c", "C"}};

    @Test
    void aCopyIsWhatTheConstructorMakes() throws Throwable {
        for (String[] spec : FIELDS) {
            ObjectStreamField original = Engine.newField(spec[0], spec[1]);
            ObjectStreamField copy = FieldCopies.copy(original);
            ObjectStreamField made = Engine.newField(spec[0], spec[1]);
            assertNotSame(original, copy);
            for (Field f : ObjectStreamField.class.getDeclaredFields()) {
                if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    assertEquals(f.get(made), f.get(copy), spec[0] + ": " + f.getName());
                }
            }
            assertEquals(made.toString(), copy.toString());
            assertEquals(made.getTypeString(), copy.getTypeString());
        }
    }

    @Test
    void theCopyWithoutTheConstructorIsUsedOnThisJdk() {
        assertTrue(FieldCopies.DIRECT, "ObjectStreamField is not the class FieldCopies knows");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkHasTheFieldsTheCopyKnows(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        byte[] classFile;
        try (FileSystem jrt = jdk.classFiles()) {
            classFile = Files.readAllBytes(jrt.getPath("/modules/java.base/java/io/ObjectStreamField.class"));
        }
        List<String> declared = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public FieldVisitor visitField(final int access, final String name, final String descriptor,
                                           final String signature, final Object value) {
                if ((access & Opcodes.ACC_STATIC) == 0) {
                    String type = Type.getType(descriptor).getClassName();
                    declared.add(name + ":" + type.substring(type.lastIndexOf('.') + 1));
                }
                return null;
            }
        }, ClassReader.SKIP_CODE);
        assertEquals(FieldCopies.EXPECTED, declared, jdk.toString());
    }
}
