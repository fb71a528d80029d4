package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.engine.EnginePatches;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.RuntimeLocation;
import dev.serialboost.testing.Jdk;
import dev.serialboost.testing.JdkShape;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine layer's patches against the class files of every tested JDK ({@link Jdk#all()}): the shape check
 * passes, the patches put exactly the expected calls to the engine in place and pass verification, and the
 * fingerprints of {@code readNonProxy} and {@code initNonProxy} are known ones (descriptor recognition and bound
 * descriptors are on); a JDK of another shape is recognised and named.
 */
class EnginePatchesTest {

    private static final ClassFileSource JDK = ClassFileSource.of(null);
    private static final String ENGINE = RuntimeLocation.installedName("dev/serialboost/runtime/engine/Engine");

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkHasTheExpectedShapeAndAKnownReadNonProxy(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            assertEquals(List.of(), EnginePatches.check(JdkClassFiles.read(jrt, EnginePatches.OBJECT_OUTPUT_STREAM),
                    JdkClassFiles.read(jrt, EnginePatches.OBJECT_INPUT_STREAM)), "on " + jdk + " (" + jdk.home() + ")");
            byte[] descriptorClass = JdkClassFiles.read(jrt, "java/io/ObjectStreamClass");
            String reading = EnginePatches.fingerprint(descriptorClass, EnginePatches.READ_NON_PROXY);
            assertTrue(EnginePatches.KNOWN_READ_NON_PROXY.contains(reading),
                    jdk + ": readNonProxy fingerprint " + reading + " is not a known one");
            String binding = EnginePatches.fingerprint(descriptorClass, EnginePatches.INIT_NON_PROXY_METHOD);
            assertTrue(EnginePatches.KNOWN_INIT_NON_PROXY.contains(binding),
                    jdk + ": initNonProxy fingerprint " + binding + " is not a known one");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdksStreamsArePatchedWithTheEngineCallsAndPassVerification(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            byte[] out = EnginePatches.patch(EnginePatches.OBJECT_OUTPUT_STREAM,
                    JdkClassFiles.read(jrt, EnginePatches.OBJECT_OUTPUT_STREAM), true, true);
            assertEquals(List.of("writeNonProxy", "writeClassDescriptor"), engineCalls(out, "writeNonProxyDesc"));
            JdkClassFiles.verify(out, jdk);

            byte[] in = EnginePatches.patch(EnginePatches.OBJECT_INPUT_STREAM,
                    JdkClassFiles.read(jrt, EnginePatches.OBJECT_INPUT_STREAM), true, true);
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
            JdkClassFiles.verify(in, jdk);

            byte[] unknownMethods = EnginePatches.patch(EnginePatches.OBJECT_INPUT_STREAM,
                    JdkClassFiles.read(jrt, EnginePatches.OBJECT_INPUT_STREAM), false, false);
            assertEquals(List.of("resolveClass"), engineCalls(unknownMethods, "readNonProxyDesc"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyMethodThePatchesDoNotTouchKeepsItsInstructions(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            for (String name : List.of(EnginePatches.OBJECT_OUTPUT_STREAM, EnginePatches.OBJECT_INPUT_STREAM)) {
                byte[] original = JdkClassFiles.read(jrt, name);
                Map<String, String> before = listings(original);
                Map<String, String> after = listings(EnginePatches.patch(name, original, true, true));
                assertEquals(before.keySet(), after.keySet(), name + " on " + jdk + ": the same methods");
                List<String> changed = new ArrayList<>();
                for (String method : before.keySet()) {
                    if (!before.get(method).equals(after.get(method))) {
                        changed.add(method);
                    }
                }
                List<String> expected = name.equals(EnginePatches.OBJECT_OUTPUT_STREAM)
                        ? List.of("writeNonProxyDesc(Ljava/io/ObjectStreamClass;Z)V")
                        : List.of("defaultReadObject()V", "readFields()Ljava/io/ObjectInputStream$GetField;",
                        "readNonProxyDesc(Z)Ljava/io/ObjectStreamClass;",
                        "readObject(Ljava/lang/Class;)Ljava/lang/Object;",
                        "readObject0(Ljava/lang/Class;Z)Ljava/lang/Object;", "readUnshared()Ljava/lang/Object;");
                assertEquals(expected, changed, name + " on " + jdk + ": the methods the patches change");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void bothFingerprintsFromOneReadingAreTheFingerprintsOfEachMethod(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            byte[] osc = JdkClassFiles.read(jrt, "java/io/ObjectStreamClass");
            assertEquals(List.of(EnginePatches.fingerprint(osc, EnginePatches.READ_NON_PROXY),
                            EnginePatches.fingerprint(osc, EnginePatches.INIT_NON_PROXY_METHOD)),
                    List.of(EnginePatches.fingerprints(osc)), "on " + jdk);
        }
        byte[] noSuchMethods = JdkShape.rename(JDK.read("java/io/ObjectStreamClass"), Map.of(
                "java/io/ObjectStreamClass." + EnginePatches.READ_NON_PROXY, "readDescriptor",
                "java/io/ObjectStreamClass." + EnginePatches.INIT_NON_PROXY_METHOD, "bind"));
        assertEquals(java.util.Arrays.asList(null, null),
                java.util.Arrays.asList(EnginePatches.fingerprints(noSuchMethods)));
    }

    @Test
    void aJdkOfAnotherShapeIsRecognisedAndNamed() {
        // simulate a JDK where resolveClass was renamed and the descriptor hook has another name
        byte[] in = JdkShape.rename(JDK.read(EnginePatches.OBJECT_INPUT_STREAM), Map.of(
                EnginePatches.OBJECT_INPUT_STREAM + ".resolveClass(Ljava/io/ObjectStreamClass;)Ljava/lang/Class;",
                "resolveLocalClass"));
        byte[] out = JdkShape.rename(JDK.read(EnginePatches.OBJECT_OUTPUT_STREAM), Map.of(
                EnginePatches.OBJECT_OUTPUT_STREAM + ".writeClassDescriptor(Ljava/io/ObjectStreamClass;)V",
                "writeDescriptor"));
        List<String> problems = EnginePatches.check(out, in);
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("writeClassDescriptor") && problems.get(0).contains("0 times"),
                problems.toString());
        assertTrue(problems.get(1).contains("resolveClass") && problems.get(1).contains("0 times"),
                problems.toString());
    }

    @Test
    void aClassOfAnotherShapeIsNotPatched() {
        byte[] in = JdkShape.rename(JDK.read(EnginePatches.OBJECT_INPUT_STREAM), Map.of(
                EnginePatches.OBJECT_INPUT_STREAM + ".readObject0(Ljava/lang/Class;Z)Ljava/lang/Object;",
                "readAnyObject"));
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> EnginePatches.patch(EnginePatches.OBJECT_INPUT_STREAM, in, true, true));
        assertTrue(e.getMessage().startsWith("this JDK's java.io.ObjectInputStream is not the shape serialboost"
                + " knows (") && e.getMessage().contains("readObject0"), e.getMessage());
    }

    @Test
    void aChangedReadNonProxyHasAnotherFingerprint() {
        byte[] osc = JDK.read("java/io/ObjectStreamClass");
        byte[] renamed = JdkShape.rename(osc,
                Map.of("java/io/ObjectInputStream.readTypeString()Ljava/lang/String;", "readSignature"));
        String before = EnginePatches.fingerprint(osc, EnginePatches.READ_NON_PROXY);
        assertTrue(EnginePatches.KNOWN_READ_NON_PROXY.contains(before), before);
        assertTrue(!EnginePatches.fingerprint(renamed, EnginePatches.READ_NON_PROXY).equals(before));
    }

    @Test
    void otherClassesAreLeftAlone() {
        byte[] string = JDK.read("java/lang/String");
        assertTrue(string == EnginePatches.patch("java/lang/String", string, true, true));
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
        Map<String, String> listings = new java.util.TreeMap<>();
        for (MethodNode m : node.methods) {
            org.objectweb.asm.util.Textifier text = new org.objectweb.asm.util.Textifier();
            m.accept(new org.objectweb.asm.util.TraceMethodVisitor(text));
            StringWriter listing = new StringWriter();
            text.print(new PrintWriter(listing));
            listings.put(m.name + m.desc, listing.toString());
        }
        return listings;
    }

}
