package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.engine.EnginePatches;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.RuntimeLocation;
import dev.serialboost.testing.Jdk;
import dev.serialboost.testing.JdkShape;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The converted format's java.io patches against JDK class files: the shape check, the patches, what they call
 * and the verification of their result, on every tested JDK ({@link Jdk#all()}: 17, 21, 25, read from each JDK's
 * {@code lib/modules}); the recognition of other shapes against the running JDK's.
 */
class ConvertedFormatPatchesTest {

    private static final ClassFileSource JDK = ClassFileSource.of(null);
    private static final String HOOKS =
            RuntimeLocation.installedName("dev/serialboost/runtime/converted/ConvertedFormat");

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkHasTheExpectedShape(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        for (Map.Entry<String, byte[]> c : classFiles(jdk).entrySet()) {
            assertEquals(List.of(), ConvertedFormatPatches.check(c.getKey(), c.getValue()),
                    c.getKey() + " on " + jdk + " (" + jdk.home() + ")");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdksClassesArePatchedAndPassVerification(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        Map<String, List<String>> hooks = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> c : classFiles(jdk).entrySet()) {
            byte[] patched = ConvertedFormatPatches.patch(c.getKey(), c.getValue());
            assertFalse(java.util.Arrays.equals(c.getValue(), patched), c.getKey() + " of " + jdk + " unchanged");
            // the stream classes keep none of their sites (the Externalizable calls the loops keep for Externalizable
            // objects are not ones a patch can take: their object is a local the patch stored); ObjectStreamClass
            // keeps the calls its hooks wrap
            List<String> left = ConvertedFormatPatches.check(c.getKey(), patched);
            assertEquals(expectedSites(c.getKey()), left.size(), c.getKey() + " of " + jdk + ": " + left);
            hooks.put(c.getKey(), hookCalls(patched));
            StringWriter problems = new StringWriter();
            CheckClassAdapter.verify(new ClassReader(patched), ClassLoader.getSystemClassLoader(), false,
                    new PrintWriter(problems));
            assertEquals("", problems.toString(), "verification of patched " + c.getKey() + " of " + jdk);
        }
        // getSerialFields is left alone: a converted view lists the class's fields
        assertEquals(List.of("<init>->externalizableView", "initNonProxy->localDescriptor",
                "writeNonProxy->descriptorProtocol"), sorted(hooks.get(ConvertedFormatPatches.OBJECT_STREAM_CLASS)));
        assertEquals(List.of("defaultReadObject->defaultReadBegin",
                "defaultReadObject->defaultReadNext", "readClassDescriptor->descriptorRead",
                "readExternalData->blockedOrSkipped", "readExternalData->readBegin", "readExternalData->readNext",
                "readExternalData->step", "readNonProxyDesc->modelFor", "readRecord->readRecord"),
                sorted(hooks.get(ConvertedFormatPatches.OBJECT_INPUT_STREAM)));
        assertEquals(List.of("defaultWriteObject->defaultWriteBegin",
                "defaultWriteObject->defaultWriteNext", "writeClass->lookupForWrite",
                "writeExternalData->dataProtocol", "writeExternalData->nextStep", "writeExternalData->nextStep",
                "writeExternalData->writeBegin", "writeExternalData->writeBegin", "writeExternalData->writeStep",
                "writeExternalData->writeStep", "writeObject0->lookupForWrite", "writeObject0->lookupForWrite"),
                sorted(hooks.get(ConvertedFormatPatches.OBJECT_OUTPUT_STREAM)));
    }

    /**
     * With the engine layer on, {@code readNonProxyDesc} reaches the format's patch with {@code readClassDescriptor()}
     * already the engine's stand-in: the descriptor it returned is found in its local all the same, and the result
     * passes verification.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void theDescriptorModelHookFollowsTheEnginesPatchOfReadNonProxyDesc(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        String in = ConvertedFormatPatches.OBJECT_INPUT_STREAM;
        byte[] engine;
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = name -> {
                try {
                    return Files.readAllBytes(jrt.getPath("/modules/java.base", name + ".class"));
                } catch (IOException e) {
                    return null;
                }
            };
            engine = EnginePatches.set().apply(in, source.read(in), source, (part, why) -> {
                throw new AssertionError(part + " left out on " + jdk + ": " + why);
            });
        }
        assertEquals(List.of(), ConvertedFormatPatches.check(in, engine), "the engine's readNonProxyDesc on " + jdk);
        byte[] patched = ConvertedFormatPatches.patch(in, engine);
        assertTrue(hookCalls(patched).contains("readNonProxyDesc->modelFor"), hookCalls(patched).toString());
        StringWriter problems = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(patched), ClassLoader.getSystemClassLoader(), false,
                new PrintWriter(problems));
        assertEquals("", problems.toString(), "verification of " + in + " of " + jdk + " patched by both");
    }

    @Test
    void aJdkOfAnotherShapeIsRecognisedAndNamed() {
        String osc = ConvertedFormatPatches.OBJECT_STREAM_CLASS;
        byte[] renamed = JdkShape.rename(JDK.read(osc), Map.of(
                osc + ".lookup(Ljava/lang/Class;Z)Ljava/io/ObjectStreamClass;", "lookupDescriptor"));
        List<String> problems = ConvertedFormatPatches.check(osc, renamed);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("initNonProxy") && problems.get(0).contains("0 times a call of lookup"),
                problems.toString());
        List<String> gone = ConvertedFormatPatches.check(osc, JdkShape.rename(JDK.read(osc), Map.of(osc
                + ".initNonProxy(Ljava/io/ObjectStreamClass;Ljava/lang/Class;Ljava/lang/ClassNotFoundException;"
                + "Ljava/io/ObjectStreamClass;)V", "bind")));
        assertEquals(1, gone.size(), gone.toString());
        assertTrue(gone.get(0).contains("initNonProxy") && gone.get(0).contains("not found"), gone.toString());

        String out = ConvertedFormatPatches.OBJECT_OUTPUT_STREAM;
        List<String> writer = ConvertedFormatPatches.check(out, JdkShape.rename(JDK.read(out),
                Map.of(out + ".writeExternalData(Ljava/io/Externalizable;)V", "writeExternalObject")));
        // the method has two sites: the call of writeExternal and the read of the protocol
        assertEquals(2, writer.size(), writer.toString());
        writer.forEach(p -> assertTrue(p.contains("writeExternalData") && p.contains("not found"), writer.toString()));
    }

    @Test
    void otherClassesAreLeftAlone() {
        byte[] string = JDK.read("java/lang/String");
        assertTrue(string == ConvertedFormatPatches.patch("java/lang/String", string));
        assertEquals(List.of(), ConvertedFormatPatches.check("java/lang/String", string));
    }

    /**
     * How many sites {@code check} finds missing, or not to be patched, in a patched class: those whose instruction
     * was replaced (ObjectStreamClass's and writeExternalData's hooks keep the instruction they wrap).
     */
    private static int expectedSites(final String internalName) {
        return switch (internalName) {
            case ConvertedFormatPatches.OBJECT_STREAM_CLASS -> 0;
            case ConvertedFormatPatches.OBJECT_OUTPUT_STREAM -> 4;
            default -> 3;
        };
    }

    /** {@code method->hook} for every call of the runtime's hooks, in class-file order. */
    private static List<String> hookCalls(final byte[] classFile) {
        List<String> calls = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                             final String signature, final String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(final int opcode, final String owner, final String method,
                                                final String methodDescriptor, final boolean isInterface) {
                        if (owner.equals(HOOKS) || owner.equals(ExternalDataLoops.READING)) {
                            calls.add(name + "->" + method);
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return calls;
    }

    private static List<String> sorted(final List<String> list) {
        List<String> copy = new ArrayList<>(list);
        copy.sort(null);
        return copy;
    }

    /** The classes the patches change, as {@code jdk} has them. */
    private static Map<String, byte[]> classFiles(final Jdk jdk) throws IOException {
        Map<String, byte[]> classes = new LinkedHashMap<>();
        try (FileSystem jrt = jdk.classFiles()) {
            for (String name : ConvertedFormatPatches.CLASSES) {
                classes.put(name, Files.readAllBytes(jrt.getPath("/modules/java.base", name + ".class")));
            }
        }
        return classes;
    }
}
