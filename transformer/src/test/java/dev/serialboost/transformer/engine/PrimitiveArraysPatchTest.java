package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.engine.PrimitiveArraysPatch;
import dev.serialboost.transformer.kit.RuntimeLocation;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystem;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The array patch ({@link PrimitiveArraysPatch}) against the class files of every tested JDK: the code
 * {@code PrimitiveArrays} repeats has a known fingerprint; in {@code writeArray} and {@code readArray}, and nowhere
 * else, each call of the block stream's array methods (booleans aside) becomes the same call of
 * {@code PrimitiveArrays}, and {@code readArray} makes its array with {@code PrimitiveArrays.newArray}, in the same
 * order as before; both classes pass verification; patched twice, a class is refused with a message that says what
 * it found. What {@code PrimitiveArrays} does is checked against the JDK's own methods by
 * {@code dev.serialboost.runtime.PrimitiveArraysTest}, the patched classes end to end by EngineIdentityIT.
 */
class PrimitiveArraysPatchTest {

    private static final String RUNTIME = RuntimeLocation.installedName("dev/serialboost/runtime/engine/PrimitiveArrays") + ".";

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkIsPatchedWhereExpected(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            String print = PrimitiveArraysPatch.fingerprint(name -> {
                try {
                    return JdkClassFiles.read(jrt, name);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            assertTrue(PrimitiveArraysPatch.KNOWN.contains(print), jdk + ": fingerprint " + print + " is not known");

            byte[] out = JdkClassFiles.read(jrt, "java/io/ObjectOutputStream");
            byte[] patchedOut = PrimitiveArraysPatch.patchWrites(out);
            assertOnly(out, patchedOut, "writeArray(Ljava/lang/Object;Ljava/io/ObjectStreamClass;Z)V", jdk, List.of(
                    "java/io/ObjectOutputStream$BlockDataOutputStream.writeInts([III)V",
                    "java/io/ObjectOutputStream$BlockDataOutputStream.write([BIIZ)V",
                    "java/io/ObjectOutputStream$BlockDataOutputStream.writeLongs([JII)V",
                    "java/io/ObjectOutputStream$BlockDataOutputStream.writeFloats([FII)V",
                    "java/io/ObjectOutputStream$BlockDataOutputStream.writeDoubles([DII)V",
                    "java/io/ObjectOutputStream$BlockDataOutputStream.writeShorts([SII)V",
                    "java/io/ObjectOutputStream$BlockDataOutputStream.writeChars([CII)V"), List.of(
                    RUNTIME + "writeInts(Ljava/lang/Object;[III)V",
                    RUNTIME + "writeBytes(Ljava/lang/Object;[BIIZ)V",
                    RUNTIME + "writeLongs(Ljava/lang/Object;[JII)V",
                    RUNTIME + "writeFloats(Ljava/lang/Object;[FII)V",
                    RUNTIME + "writeDoubles(Ljava/lang/Object;[DII)V",
                    RUNTIME + "writeShorts(Ljava/lang/Object;[SII)V",
                    RUNTIME + "writeChars(Ljava/lang/Object;[CII)V"));
            JdkClassFiles.verify(patchedOut, jdk);

            byte[] in = JdkClassFiles.read(jrt, "java/io/ObjectInputStream");
            byte[] patchedIn = PrimitiveArraysPatch.patchReads(in);
            assertOnly(in, patchedIn, "readArray(Z)Ljava/lang/Object;", jdk, List.of(
                    "java/lang/reflect/Array.newInstance(Ljava/lang/Class;I)Ljava/lang/Object;",
                    "java/io/ObjectInputStream$BlockDataInputStream.readInts([III)V",
                    "java/io/ObjectInputStream$BlockDataInputStream.readFully([BIIZ)V",
                    "java/io/ObjectInputStream$BlockDataInputStream.readLongs([JII)V",
                    "java/io/ObjectInputStream$BlockDataInputStream.readFloats([FII)V",
                    "java/io/ObjectInputStream$BlockDataInputStream.readDoubles([DII)V",
                    "java/io/ObjectInputStream$BlockDataInputStream.readShorts([SII)V",
                    "java/io/ObjectInputStream$BlockDataInputStream.readChars([CII)V"), List.of(
                    RUNTIME + "newArray(Ljava/lang/Class;ILjava/lang/Object;)Ljava/lang/Object;",
                    RUNTIME + "readInts(Ljava/lang/Object;[III)V",
                    RUNTIME + "readBytes(Ljava/lang/Object;[BIIZ)V",
                    RUNTIME + "readLongs(Ljava/lang/Object;[JII)V",
                    RUNTIME + "readFloats(Ljava/lang/Object;[FII)V",
                    RUNTIME + "readDoubles(Ljava/lang/Object;[DII)V",
                    RUNTIME + "readShorts(Ljava/lang/Object;[SII)V",
                    RUNTIME + "readChars(Ljava/lang/Object;[CII)V"));
            JdkClassFiles.verify(patchedIn, jdk);

            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> PrimitiveArraysPatch.patchReads(patchedIn));
            assertTrue(refused.getMessage().contains("ObjectInputStream.readArray is not the shape serialboost knows"
                    + " (calls of readChars([CII)V, "), refused.getMessage());
            assertThrows(IllegalStateException.class, () -> PrimitiveArraysPatch.patchWrites(patchedOut));
        }
    }

    /**
     * Fails unless, of all the methods of the class, only {@code method} changed, and in it exactly the calls
     * {@code was} became {@code is}, each in its place.
     */
    private static void assertOnly(final byte[] original, final byte[] patched, final String method, final Jdk jdk,
                                   final List<String> was, final List<String> is) {
        List<List<String>> calls = JdkClassFiles.callsOfTheOnlyChange(original, patched, method, jdk);
        List<String> callsBefore = calls.get(0);
        List<String> callsAfter = calls.get(1);
        assertEquals(callsBefore.size(), callsAfter.size(), jdk + ": " + method);
        List<String> swapped = new ArrayList<>();
        List<String> into = new ArrayList<>();
        for (int c = 0; c < callsBefore.size(); c++) {
            if (!callsBefore.get(c).equals(callsAfter.get(c))) {
                swapped.add(callsBefore.get(c));
                into.add(callsAfter.get(c));
            }
        }
        assertEquals(was, swapped, jdk + ": the calls of " + method + " replaced");
        assertEquals(is, into, jdk + ": what they became");
    }
}
