package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.MethodNode;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The patch of {@code java.io.Bits} ({@link BitsPatch}): where a tested JDK has no such class, its streams do not use
 * it either (that the class is known where it exists, and that patched code passes verification, the contract test
 * checks: {@link JdkPatchContractTest}); and, run, the patched methods give exactly
 * what the JDK's own give, the same values, the same bytes, the same exceptions with the same messages and the same
 * bytes written before one, for offsets in range, at and past both ends, and a null array. The semantics are checked
 * on the running JDK's class, renamed out of {@code java.io} so a test loader can define it (the tests run with
 * {@code jdk.internal.misc} exported).
 */
class BitsPatchTest {

    private static final String RENAMED = "dev/serialboost/bitsprobe/Bits";
    private static final BitsPatch PATCH = new BitsPatch();

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void aTestedJdkWithoutBitsDoesNotUseIt(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            Path file = jrt.getPath("/modules/java.base", BitsPatch.BITS + ".class");
            if (!Files.exists(file)) {
                // then the stream classes must not use it either: they pack primitives some other way
                byte[] out = Files.readAllBytes(jrt.getPath("/modules/java.base",
                        "java/io/ObjectOutputStream$BlockDataOutputStream.class"));
                assertTrue(!mentions(out, BitsPatch.BITS), jdk + " has no java.io.Bits but its streams name it");
            }
        }
    }

    @Test
    void thePatchedMethodsDoExactlyWhatTheJdksOwnDo() throws Exception {
        byte[] bits = ClassFileSource.of(null).read(BitsPatch.BITS);
        // JDK 21 and later have no Bits; that they need none is checked against their class files above
        Assumptions.assumeTrue(bits != null, "the JDK running the tests has no java.io.Bits");
        Class<?> own = define(bits, "own");
        Class<?> fast = define(patch(bits), "patched");
        SplittableRandom random = new SplittableRandom(17);
        int cases = 0;
        for (String name : List.of("getChar", "getShort", "getInt", "getLong", "getFloat", "getDouble", "getBoolean",
                "putChar", "putShort", "putInt", "putLong", "putFloat", "putDouble", "putBoolean")) {
            Method a = method(own, name);
            Method b = method(fast, name);
            for (int length : new int[] {0, 1, 7, 8, 9, 16, 1024}) {
                for (int off = -9; off <= length + 1; off += off < 9 || off > length - 10 ? 1 : 97) {
                    for (boolean nullArray : new boolean[] {false, true}) {
                        byte[] seed = new byte[length];
                        random.nextBytes(seed);
                        Object value = value(a.getParameterTypes(), random);
                        compare(name + "(length " + length + ", off " + off + (nullArray ? ", null" : "") + ")",
                                a, b, nullArray ? null : seed, off, value);
                        cases++;
                    }
                }
            }
        }
        assertTrue(cases > 2_000, "only " + cases + " cases");
    }

    @Test
    void aBitsOfAnotherShapeIsRefusedAndNamed() throws IOException {
        byte[] bits = ClassFileSource.of(null).read(BitsPatch.BITS);
        if (bits == null) {
            bits = anyTestedJdksBits();
        }
        // a little-endian putLong: the same methods, another meaning
        ClassNode node = new ClassNode();
        new ClassReader(bits).accept(node, 0);
        MethodNode putLong = node.methods.stream().filter(m -> m.name.equals("putLong")).findFirst().orElseThrow();
        IntInsnNode shift = Arrays.stream(putLong.instructions.toArray())
                .filter(i -> i instanceof IntInsnNode n && n.getOpcode() == Opcodes.BIPUSH && n.operand == 56)
                .map(IntInsnNode.class::cast).findFirst().orElseThrow();
        shift.operand = 48;
        ClassWriter writer = new ClassWriter(0);
        node.accept(writer);
        byte[] other = writer.toByteArray();
        assertNotEquals(PATCH.fingerprint(bits, null), PATCH.fingerprint(other, null));
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> patch(other));
        assertTrue(refused.getMessage().contains("java.io.Bits is not one serialboost knows"), refused.getMessage());

        node.methods.removeIf(m -> m.name.equals("getShort"));
        ClassWriter without = new ClassWriter(0);
        node.accept(without);
        assertNull(PATCH.fingerprint(without.toByteArray(), null));
        assertThrows(IllegalStateException.class, () -> patch(without.toByteArray()));
    }

    /** Calls both with the same arguments on copies of {@code seed}; the outcomes and the arrays must agree. */
    private static void compare(final String what, final Method a, final Method b, final byte[] seed, final int off,
                                final Object value) throws IllegalAccessException {
        byte[] first = seed == null ? null : seed.clone();
        byte[] second = seed == null ? null : seed.clone();
        String expected = outcome(a, first, off, value);
        String actual = outcome(b, second, off, value);
        assertEquals(expected, actual, what);
        assertTrue(Arrays.equals(first, second), what + ": the arrays differ afterwards");
    }

    private static String outcome(final Method m, final byte[] array, final int off, final Object value)
            throws IllegalAccessException {
        try {
            Object result = value == null ? m.invoke(null, array, off) : m.invoke(null, array, off, value);
            // floats and doubles by their bits: NaNs must come back as the very NaN
            return "returned " + (result instanceof Float f ? "f" + Float.floatToRawIntBits(f)
                    : result instanceof Double d ? "d" + Double.doubleToRawLongBits(d) : Objects.toString(result));
        } catch (InvocationTargetException e) {
            return "threw " + e.getCause().getClass().getName() + ": " + e.getCause().getMessage();
        }
    }

    private static Object value(final Class<?>[] parameters, final SplittableRandom random) {
        if (parameters.length == 2) {
            return null;
        }
        Class<?> type = parameters[2];
        long bits = random.nextLong();
        if (type == char.class) {
            return (char) bits;
        } else if (type == short.class) {
            return (short) bits;
        } else if (type == int.class) {
            return (int) bits;
        } else if (type == long.class) {
            return bits;
        } else if (type == float.class) {
            // NaNs of every kind too: they must be written as floatToIntBits writes them
            return random.nextInt(4) == 0 ? Float.intBitsToFloat(0x7f800001 | (int) bits)
                    : Float.intBitsToFloat((int) bits);
        } else if (type == double.class) {
            return random.nextInt(4) == 0 ? Double.longBitsToDouble(0x7ff0000000000001L | bits)
                    : Double.longBitsToDouble(bits);
        }
        return random.nextBoolean();
    }

    private static Method method(final Class<?> c, final String name) {
        Method m = Arrays.stream(c.getDeclaredMethods()).filter(x -> x.getName().equals(name)).findFirst()
                .orElseThrow();
        m.setAccessible(true);
        return m;
    }

    /** {@code java.io.Bits} checked and patched, as the installer does it. */
    private static byte[] patch(final byte[] bits) {
        return JdkClassFiles.apply(PATCH, bits, null);
    }

    /** The class renamed to {@link #RENAMED} and defined in a loader of its own. */
    private static Class<?> define(final byte[] bits, final String label) throws ClassNotFoundException {
        return JdkClassFiles.defineRenamed(bits, BitsPatch.BITS, RENAMED, label);
    }

    private static boolean mentions(final byte[] classFile, final String internalName) {
        return new String(classFile, java.nio.charset.StandardCharsets.ISO_8859_1).contains(internalName);
    }

    private static byte[] anyTestedJdksBits() throws IOException {
        List<String> seen = new ArrayList<>();
        for (Jdk jdk : Jdk.all().toList()) {
            if (jdk.missingReason() != null) {
                continue;
            }
            try (FileSystem jrt = jdk.classFiles()) {
                Path file = jrt.getPath("/modules/java.base", BitsPatch.BITS + ".class");
                if (Files.exists(file)) {
                    return Files.readAllBytes(file);
                }
                seen.add(jdk.label());
            }
        }
        throw new org.opentest4j.TestAbortedException("no tested JDK has a java.io.Bits: " + seen);
    }
}
