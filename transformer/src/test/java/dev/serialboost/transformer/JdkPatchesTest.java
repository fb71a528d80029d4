package dev.serialboost.transformer;

import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.SimpleRemapper;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The java.io patches against JDK class files: the shape check, the patches and the verification of their result
 * against those of every tested JDK ({@link Jdk#all()}: 17, 21, 25, read from each JDK's {@code lib/modules});
 * the recognition of other shapes against the running JDK's.
 */
class JdkPatchesTest {

    private static final ClassFileSource JDK = ClassFileSource.of(null);
    private static final List<String> PATCHED = List.of(JdkPatches.OBJECT_STREAM_CLASS, JdkPatches.FIELD_VALUES);

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkHasTheExpectedShape(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        Map<String, byte[]> classes = classFiles(jdk);
        assertEquals(List.of(), JdkPatches.check(classes.get(JdkPatches.OBJECT_STREAM_CLASS),
                classes.get(JdkPatches.FIELD_VALUES)), "on " + jdk + " (" + jdk.home() + ")");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdksClassesArePatchedAndPassVerification(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        for (Map.Entry<String, byte[]> c : classFiles(jdk).entrySet()) {
            byte[] patched = JdkPatches.patch(c.getKey(), c.getValue());
            assertNotNull(patched, c.getKey() + " of " + jdk);
            assertFalse(java.util.Arrays.equals(c.getValue(), patched), c.getKey() + " of " + jdk + " unchanged");
            // types resolve against the running JDK's classes: the java.io types these two classes use are in all
            StringWriter problems = new StringWriter();
            CheckClassAdapter.verify(new ClassReader(patched), ClassLoader.getSystemClassLoader(), false,
                    new PrintWriter(problems));
            assertEquals("", problems.toString(), "verification of patched " + c.getKey() + " of " + jdk);
        }
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
    void otherClassesAreLeftAlone() {
        byte[] string = JDK.read("java/lang/String");
        assertTrue(string == JdkPatches.patch("java/lang/String", string));
    }

    /** The classes the patches change, as {@code jdk} has them. */
    private static Map<String, byte[]> classFiles(final Jdk jdk) throws IOException {
        Map<String, byte[]> classes = new LinkedHashMap<>();
        try (FileSystem jrt = jdk.classFiles()) {
            for (String name : PATCHED) {
                classes.put(name, Files.readAllBytes(jrt.getPath("/modules/java.base", name + ".class")));
            }
        }
        return classes;
    }

    /** {@code classFile} with members renamed ({@code owner.name[descriptor]} to new name), as another JDK might. */
    static byte[] rename(final byte[] classFile, final Map<String, String> mapping) {
        ClassWriter writer = new ClassWriter(0);
        new ClassReader(classFile).accept(new ClassRemapper(writer, new SimpleRemapper(mapping)), 0);
        return writer.toByteArray();
    }
}
