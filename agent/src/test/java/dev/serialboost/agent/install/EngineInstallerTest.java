package dev.serialboost.agent.install;

import dev.serialboost.testing.JdkShape;
import dev.serialboost.transformer.engine.EnginePatches;
import dev.serialboost.transformer.kit.ClassFileSource;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lines the engine's installer writes as the classes of its set load, against an {@code Instrumentation} that
 * only records (no class is redefined, no runtime installed: with the converted format on, the runtime counts as
 * installed already, and no class is loaded yet as far as it can tell): a line per class patched ({@code verbose}),
 * held until the start-up line is out; the exact line of a class whose own patch does not fit, {@code partly off}
 * and then {@code off} once both stream classes are; a part that does not fit said once for all its classes; a class
 * patched again when another agent retransforms it; the transformer removed once every class of the set has loaded.
 */
class EngineInstallerTest {

    private static final ClassFileSource JDK = ClassFileSource.of(null);
    private static final String PREFIX = "[serialboost] ";
    private static final String OOS = "java/io/ObjectOutputStream";
    private static final String OIS = "java/io/ObjectInputStream";

    /** An {@code Instrumentation} that records what is registered and removed, with no class loaded. */
    private static final class Recorded {
        final List<ClassFileTransformer> added = new ArrayList<>();
        final List<ClassFileTransformer> removed = new ArrayList<>();
        final Instrumentation inst = (Instrumentation) Proxy.newProxyInstance(
                EngineInstallerTest.class.getClassLoader(), new Class<?>[] {Instrumentation.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "addTransformer" -> {
                        added.add((ClassFileTransformer) args[0]);
                        yield null;
                    }
                    case "removeTransformer" -> removed.add((ClassFileTransformer) args[0]);
                    case "getAllLoadedClasses" -> new Class<?>[0];
                    case "isRetransformClassesSupported", "isRedefineClassesSupported" -> true;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private final Recorded recorded = new Recorded();

    private ClassFileTransformer install() {
        EngineInstaller.Outcome outcome = EngineInstaller.install(recorded.inst,
                new PrintStream(stderr, true, StandardCharsets.UTF_8), true, true);
        assertTrue(outcome.on(), "on: " + outcome.problem());
        assertNull(outcome.problem());
        assertEquals(1, recorded.added.size());
        assertEquals("", lines(), "nothing said before the classes load");
        outcome.release().run();
        return recorded.added.get(0);
    }

    private String lines() {
        return stderr.toString(StandardCharsets.UTF_8);
    }

    private static byte[] load(final ClassFileTransformer engine, final String name, final byte[] classFile)
            throws Exception {
        return engine.transform(null, name, null, null, classFile);
    }

    @Test
    void everyClassOfTheSetIsPatchedAsItLoadsThenTheTransformerIsRemoved() throws Exception {
        ClassFileTransformer engine = install();
        StringBuilder expected = new StringBuilder();
        for (String name : EnginePatches.set().targets()) {
            assertTrue(recorded.removed.isEmpty(), "removed before " + name + " loaded");
            byte[] original = JDK.read(name);
            if (original == null) {
                continue; // a class this JDK does not have never loads (java.io.Bits on 21 and later)
            }
            byte[] patched = load(engine, name, original);
            if (EnginePatches.set().own(name).unneeded(original, JDK)) {
                assertNull(patched, name + ": nothing to patch on this JDK");
                continue;
            }
            assertNotNull(patched, name);
            expected.append(PREFIX + "engine: patched " + name.replace('/', '.') + " as it loaded\n");
            if (name.equals(OOS)) {
                // another agent retransforms it while the transformer is still there: patched again, the same
                assertArrayEquals(patched, engine.transform(null, name, Object.class, null, original));
            }
        }
        assertEquals(expected.toString(), lines().replace(System.lineSeparator(), "\n"));
        assertEquals(List.of(engine), recorded.removed);
        assertNull(load(engine, "java/lang/String", JDK.read("java/lang/String")), "another class");
    }

    @Test
    void aStreamClassOfAnotherShapeIsPartlyOffThenBothAreOff() throws Exception {
        ClassFileTransformer engine = install();
        byte[] out = JdkShape.rename(JDK.read(OOS), Map.of(
                OOS + ".writeClassDescriptor(Ljava/io/ObjectStreamClass;)V", "writeDescriptor"));
        assertNull(load(engine, OOS, out));
        byte[] in = JdkShape.rename(JDK.read(OIS), Map.of(
                OIS + ".resolveClass(Ljava/io/ObjectStreamClass;)Ljava/lang/Class;", "resolveLocalClass"));
        assertNull(load(engine, OIS, in));
        assertEquals(List.of(
                PREFIX + "engine layer is partly off: writing: could not patch java.io.ObjectOutputStream:"
                        + " java.lang.IllegalStateException: this JDK's java.io.ObjectOutputStream is not the shape"
                        + " serialboost knows (writeNonProxyDesc(Ljava/io/ObjectStreamClass;Z)V calls"
                        + " java.io.ObjectOutputStream.writeClassDescriptor(Ljava/io/ObjectStreamClass;)V 0 times, not"
                        + " once)",
                PREFIX + "engine layer is off: reading: could not patch java.io.ObjectInputStream:"
                        + " java.lang.IllegalStateException: this JDK's java.io.ObjectInputStream is not the shape"
                        + " serialboost knows (readNonProxyDesc(Z)Ljava/io/ObjectStreamClass; calls"
                        + " java.io.ObjectInputStream.resolveClass(Ljava/io/ObjectStreamClass;)Ljava/lang/Class; 0"
                        + " times, not once)"), Arrays.asList(lines().split(System.lineSeparator())));
    }

    @Test
    void aClassWhosePatchesNeedNoRuntimeIsOffAlone() throws Exception {
        ClassFileTransformer engine = install();
        String table = "java/io/ObjectOutputStream$HandleTable";
        assertNull(load(engine, table, JdkShape.rename(JDK.read(table), Map.of(table + ".growSpine()V", "grow"))));
        assertEquals(PREFIX + "engine layer is partly off: back-reference lookups: could not patch"
                + " java.io.ObjectOutputStream$HandleTable: java.lang.IllegalStateException: this JDK's"
                + " java.io.ObjectOutputStream$HandleTable is not one serialboost knows (a method it patches is"
                + " missing)", lines().strip());
    }

    @Test
    void aPartThatDoesNotFitIsLeftOutAndSaidOnceForAllItsClasses() throws Exception {
        ClassFileTransformer engine = install();
        // writeArray no longer calls the block stream's writeInts, nor readArray its readInts
        String blockOut = "java/io/ObjectOutputStream$BlockDataOutputStream";
        String blockIn = "java/io/ObjectInputStream$BlockDataInputStream";
        byte[] out = load(engine, OOS, JdkShape.rename(JDK.read(OOS), Map.of(blockOut + ".writeInts([III)V",
                "writeIntegers")));
        byte[] in = load(engine, OIS, JdkShape.rename(JDK.read(OIS), Map.of(blockIn + ".readInts([III)V",
                "readIntegers")));
        assertNotNull(out, "the rest of the class is patched");
        assertNotNull(in, "the rest of the class is patched");
        List<String> lines = Arrays.asList(lines().split(System.lineSeparator()));
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith(PREFIX + "engine layer is partly off: arrays of primitives: this JDK's"
                + " java.io.ObjectOutputStream.writeArray and the block and byte-array streams under it are not ones"
                + " serialboost knows (fingerprint "), lines.get(0));
        assertEquals(List.of(PREFIX + "engine: patched java.io.ObjectOutputStream as it loaded",
                PREFIX + "engine: patched java.io.ObjectInputStream as it loaded"), lines.subList(1, 3));
    }
}
