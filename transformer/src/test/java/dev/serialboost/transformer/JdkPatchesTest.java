package dev.serialboost.transformer;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.SimpleRemapper;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The java.io patches against the running JDK's own class files. */
class JdkPatchesTest {

    private static final ClassFileSource JDK = ClassFileSource.of(null);

    @Test
    void runningJdkHasTheExpectedShape() {
        assertEquals(List.of(), JdkPatches.check(JDK.read(JdkPatches.OBJECT_STREAM_CLASS),
                JDK.read(JdkPatches.FIELD_VALUES)), "on " + Runtime.version());
    }

    @Test
    void aJdkOfAnotherShapeIsRecognisedAndNamed() {
        // simulate a JDK where initNonProxy was renamed and FieldValues lost a field
        byte[] osc = rename(JDK.read(JdkPatches.OBJECT_STREAM_CLASS), Map.of(
                JdkPatches.OBJECT_STREAM_CLASS + ".initNonProxy(Ljava/io/ObjectStreamClass;Ljava/lang/Class;"
                        + "Ljava/lang/ClassNotFoundException;Ljava/io/ObjectStreamClass;)V", "initDescriptor"));
        byte[] values = rename(JDK.read(JdkPatches.FIELD_VALUES), Map.of(
                JdkPatches.FIELD_VALUES + ".primValues", "primitiveValues"));
        List<String> problems = JdkPatches.check(osc, values);
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("initNonProxy"), problems.toString());
        assertTrue(problems.get(1).contains("primValues"), problems.toString());
    }

    @Test
    void aJdkWithoutTheExternalizableTestsOfThePlainViewIsRecognised() {
        // the plain view of a class below a converted superclass relies on these two tests and on lookup(cl, true)
        byte[] osc = rename(JDK.read(JdkPatches.OBJECT_STREAM_CLASS), Map.of(
                JdkPatches.OBJECT_STREAM_CLASS + ".getSerialFields(Ljava/lang/Class;)[Ljava/io/ObjectStreamField;",
                "serialFieldsOf",
                JdkPatches.OBJECT_STREAM_CLASS + ".lookup(Ljava/lang/Class;Z)Ljava/io/ObjectStreamClass;",
                "lookupDescriptor"));
        List<String> problems = JdkPatches.check(osc, JDK.read(JdkPatches.FIELD_VALUES));
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("initNonProxy calls lookup(Ljava/lang/Class;Z)"), problems.toString());
        assertTrue(problems.get(1).contains("getSerialFields(Ljava/lang/Class;)"), problems.toString());
    }

    @Test
    void patchedClassesPassVerification() {
        for (String name : List.of(JdkPatches.OBJECT_STREAM_CLASS, JdkPatches.FIELD_VALUES)) {
            byte[] original = JDK.read(name);
            byte[] patched = JdkPatches.patch(name, original);
            assertNotNull(patched);
            assertFalse(java.util.Arrays.equals(original, patched), name + " unchanged");
            StringWriter problems = new StringWriter();
            CheckClassAdapter.verify(new ClassReader(patched), ClassLoader.getSystemClassLoader(), false,
                    new PrintWriter(problems));
            assertEquals("", problems.toString(), "verification of patched " + name);
        }
    }

    @Test
    void otherClassesAreLeftAlone() {
        byte[] string = JDK.read("java/lang/String");
        assertTrue(string == JdkPatches.patch("java/lang/String", string));
    }

    private static byte[] rename(final byte[] classFile, final Map<String, String> mapping) {
        ClassWriter writer = new ClassWriter(0);
        new ClassReader(classFile).accept(new ClassRemapper(writer, new SimpleRemapper(mapping)), 0);
        return writer.toByteArray();
    }
}
