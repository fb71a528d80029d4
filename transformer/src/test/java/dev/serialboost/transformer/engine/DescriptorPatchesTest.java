package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;
import dev.serialboost.testing.JdkShape;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.RuntimeLocation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.Textifier;
import org.objectweb.asm.util.TraceMethodVisitor;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine's patches of the two stream classes' descriptor paths ({@link DescriptorTemplatesPatch},
 * {@link ClassResolutionPatch}, {@link DescriptorRecognitionPatch}, {@link DescriptorBindingPatch}) against the class
 * files of every tested JDK ({@link Jdk#all()}): each puts exactly the expected calls to the engine in place, in
 * order, and no other method's listing changes; the reading side works without its two parts; a JDK of another shape
 * is recognised and named. That each fingerprint is known, and that the classes pass verification, the contract test
 * checks ({@link JdkPatchContractTest}).
 */
class DescriptorPatchesTest {

    private static final ClassFileSource JDK = ClassFileSource.of(null);
    private static final String ENGINE = RuntimeLocation.installedName("dev/serialboost/runtime/engine/Engine");
    private static final String OOS = "java/io/ObjectOutputStream";
    private static final String OIS = "java/io/ObjectInputStream";

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdksStreamsArePatchedWithTheEngineCalls(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = JdkClassFiles.source(jrt);
            byte[] out = JdkClassFiles.apply(new DescriptorTemplatesPatch(), source.read(OOS), source);
            assertEquals(List.of("writeNonProxy", "writeClassDescriptor"), engineCalls(out, "writeNonProxyDesc"));

            byte[] in = readingSide(source.read(OIS), source);
            assertEquals(List.of("readClassDescriptor", "resolveClass", "initNonProxy"),
                    engineCalls(in, "readNonProxyDesc"));
            List<String> readObject0 = engineCalls(in, "readObject0");
            assertEquals("enteredRead", readObject0.get(0), readObject0.toString());
            assertTrue(readObject0.size() > 2 && readObject0.subList(1, readObject0.size()).stream()
                    .allMatch("leftRead"::equals), readObject0.toString());
            // the four ways others read from the stream report their entry, first thing
            for (String entry : List.of("readObject", "readUnshared", "defaultReadObject", "readFields")) {
                List<String> calls = engineCalls(in, entry);
                assertTrue(!calls.isEmpty() && calls.get(0).equals("publicRead"), entry + ": " + calls);
            }
            assertEquals(4, engineCalls(in, null).stream().filter("publicRead"::equals).count());

            // the reading side's own patch alone, as where its two parts do not fit
            byte[] alone = JdkClassFiles.apply(new ClassResolutionPatch(), source.read(OIS), source);
            assertEquals(List.of("resolveClass"), engineCalls(alone, "readNonProxyDesc"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyMethodThePatchesDoNotTouchKeepsItsInstructions(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = JdkClassFiles.source(jrt);
            for (String name : List.of(OOS, OIS)) {
                byte[] original = source.read(name);
                Map<String, String> before = listings(original);
                Map<String, String> after = listings(name.equals(OOS)
                        ? JdkClassFiles.apply(new DescriptorTemplatesPatch(), original, source)
                        : readingSide(original, source));
                assertEquals(before.keySet(), after.keySet(), name + " on " + jdk + ": the same methods");
                List<String> changed = new ArrayList<>();
                for (String method : before.keySet()) {
                    if (!before.get(method).equals(after.get(method))) {
                        changed.add(method);
                    }
                }
                List<String> expected = name.equals(OOS)
                        ? List.of("writeNonProxyDesc(Ljava/io/ObjectStreamClass;Z)V")
                        : List.of("defaultReadObject()V", "readFields()Ljava/io/ObjectInputStream$GetField;",
                        "readNonProxyDesc(Z)Ljava/io/ObjectStreamClass;",
                        "readObject(Ljava/lang/Class;)Ljava/lang/Object;",
                        "readObject0(Ljava/lang/Class;Z)Ljava/lang/Object;", "readUnshared()Ljava/lang/Object;");
                assertEquals(expected, changed, name + " on " + jdk + ": the methods the patches change");
            }
        }
    }

    @Test
    void aJdkOfAnotherShapeIsRecognisedAndNamed() {
        // a JDK where resolveClass was renamed and the descriptor hook has another name
        byte[] in = JdkShape.rename(JDK.read(OIS), Map.of(
                OIS + ".resolveClass(Ljava/io/ObjectStreamClass;)Ljava/lang/Class;", "resolveLocalClass"));
        byte[] out = JdkShape.rename(JDK.read(OOS), Map.of(
                OOS + ".writeClassDescriptor(Ljava/io/ObjectStreamClass;)V", "writeDescriptor"));
        String writing = assertThrows(IllegalStateException.class,
                () -> new DescriptorTemplatesPatch().change(out)).getMessage();
        assertTrue(writing.startsWith("this JDK's java.io.ObjectOutputStream is not the shape serialboost knows (")
                && writing.contains("writeClassDescriptor") && writing.contains("0 times"), writing);
        String reading = assertThrows(IllegalStateException.class,
                () -> new ClassResolutionPatch().change(in)).getMessage();
        assertTrue(reading.contains("resolveClass") && reading.contains("0 times"), reading);
        // its parts do not rely on resolveClass
        new DescriptorRecognitionPatch().change(in);
        new DescriptorBindingPatch().change(in);
    }

    @Test
    void aClassOfAnotherShapeIsNotPatched() {
        byte[] in = JdkShape.rename(JDK.read(OIS), Map.of(
                OIS + ".readObject0(Ljava/lang/Class;Z)Ljava/lang/Object;", "readAnyObject"));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new ClassResolutionPatch().change(in));
        assertTrue(e.getMessage().startsWith("this JDK's java.io.ObjectInputStream is not the shape serialboost"
                + " knows (") && e.getMessage().contains("readObject0"), e.getMessage());
    }

    @Test
    void aChangedReadNonProxyHasAnotherFingerprint() {
        JdkPatch recognition = new DescriptorRecognitionPatch();
        byte[] in = JDK.read(OIS);
        String before = recognition.fingerprint(in, JDK);
        assertTrue(recognition.known().patchable(before), before);
        byte[] renamed = JdkShape.rename(JDK.read("java/io/ObjectStreamClass"),
                Map.of("java/io/ObjectInputStream.readTypeString()Ljava/lang/String;", "readSignature"));
        ClassFileSource changedJdk = name -> name.equals("java/io/ObjectStreamClass") ? renamed : JDK.read(name);
        String after = recognition.fingerprint(in, changedJdk);
        assertNotEquals(before, after);
        String refused = assertThrows(IllegalStateException.class, () -> recognition.check(in, changedJdk))
                .getMessage();
        assertEquals("this JDK's java.io.ObjectStreamClass.readNonProxy is not one serialboost knows (fingerprint "
                + after + ")", refused);
    }

    @Test
    void aDescriptorClassWithoutTheMethodsHasNoFingerprintAndIsRefused() {
        byte[] in = JDK.read(OIS);
        byte[] renamed = JdkShape.rename(JDK.read("java/io/ObjectStreamClass"), Map.of(
                "java/io/ObjectStreamClass." + DescriptorRecognitionPatch.READ_NON_PROXY, "readDescriptor",
                "java/io/ObjectStreamClass." + DescriptorBindingPatch.INIT_NON_PROXY, "bind"));
        ClassFileSource changedJdk = name -> name.equals("java/io/ObjectStreamClass") ? renamed : JDK.read(name);
        for (JdkPatch part : List.of(new DescriptorRecognitionPatch(), new DescriptorBindingPatch())) {
            assertEquals(null, part.fingerprint(in, changedJdk), part.toString());
            String refused = assertThrows(IllegalStateException.class, () -> part.check(in, changedJdk))
                    .getMessage();
            assertTrue(refused.endsWith("is not one serialboost knows (a method it patches is missing)"), refused);
        }
    }

    /** {@code ObjectInputStream} through the reading side's patch and its two parts, each checked first. */
    private static byte[] readingSide(final byte[] objectInputStream, final ClassFileSource jdk) {
        byte[] in = objectInputStream;
        for (JdkPatch patch : List.of(new ClassResolutionPatch(), new DescriptorRecognitionPatch(),
                new DescriptorBindingPatch())) {
            in = JdkClassFiles.apply(patch, in, jdk);
        }
        return in;
    }

    /** The engine methods a patched class calls, in order: in methods named {@code method}, or in all for null. */
    private static List<String> engineCalls(final byte[] classFile, final String method) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, 0);
        List<String> calls = new ArrayList<>();
        for (MethodNode m : node.methods) {
            if (method == null || m.name.equals(method)) {
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof MethodInsnNode mi && mi.getOpcode() == Opcodes.INVOKESTATIC
                            && mi.owner.equals(ENGINE)) {
                        calls.add(mi.name);
                    }
                }
            }
        }
        return calls;
    }

    /** Each method ({@code name + descriptor}, sorted) and its instructions as {@code javap}-like text. */
    private static Map<String, String> listings(final byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, 0);
        Map<String, String> listings = new TreeMap<>();
        for (MethodNode m : node.methods) {
            Textifier text = new Textifier();
            m.accept(new TraceMethodVisitor(text));
            StringWriter listing = new StringWriter();
            text.print(new PrintWriter(listing));
            listings.put(m.name + m.desc, listing.toString());
        }
        return listings;
    }
}
