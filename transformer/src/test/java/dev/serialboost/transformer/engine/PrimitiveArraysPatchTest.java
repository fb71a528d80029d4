package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.RuntimeLocation;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The array patch ({@link PrimitiveArraysPatch}) against the class files of every tested JDK: in {@code writeArray}
 * and {@code readArray}, and nowhere else, each call of the block stream's array methods (booleans aside) becomes the
 * same call of {@code PrimitiveArrays}, and {@code readArray} makes its array with {@code PrimitiveArrays.newArray},
 * in the same order as before; patched twice, a class is refused with a message that says what it found. (That the
 * code {@code PrimitiveArrays} repeats has a known fingerprint and both classes pass verification, the contract test
 * checks.) What {@code PrimitiveArrays} does is checked against the JDK's own methods by
 * {@code dev.serialboost.runtime.PrimitiveArraysTest}, the patched classes end to end by EngineIdentityIT.
 */
class PrimitiveArraysPatchTest {

    private static final String RUNTIME =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/PrimitiveArrays") + ".";

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkIsPatchedWhereExpected(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = JdkClassFiles.source(jrt);
            PrimitiveArraysPatch writes = PrimitiveArraysPatch.writes();
            PrimitiveArraysPatch reads = PrimitiveArraysPatch.reads();
            byte[] out = JdkClassFiles.read(jrt, "java/io/ObjectOutputStream");
            byte[] patchedOut = JdkClassFiles.apply(writes, out, source);
            JdkClassFiles.assertOnly(out, patchedOut, "writeArray(Ljava/lang/Object;Ljava/io/ObjectStreamClass;Z)V", jdk, List.of(
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

            byte[] in = JdkClassFiles.read(jrt, "java/io/ObjectInputStream");
            byte[] patchedIn = JdkClassFiles.apply(reads, in, source);
            JdkClassFiles.assertOnly(in, patchedIn, "readArray(Z)Ljava/lang/Object;", jdk, List.of(
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

            // patched once, readArray is not the method the patch knows (its calls are gone, and so its fingerprint)
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> JdkClassFiles.apply(reads, patchedIn, source));
            assertTrue(refused.getMessage().startsWith("this JDK's java.io.ObjectInputStream.readArray and the block"
                    + " and byte-array streams under it are not ones serialboost knows (fingerprint "),
                    refused.getMessage());
            // and, its fingerprint aside, its calls are not where the patch expects them
            IllegalStateException calls = assertThrows(IllegalStateException.class, () -> reads.change(patchedIn));
            assertTrue(calls.getMessage().contains("ObjectInputStream.readArray is not the shape serialboost knows"
                    + " (calls of readChars([CII)V, "), calls.getMessage());
            assertThrows(IllegalStateException.class, () -> JdkClassFiles.apply(writes, patchedOut, source));
        }
    }
}
