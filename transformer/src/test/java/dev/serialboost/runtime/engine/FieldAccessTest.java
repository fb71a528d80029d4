package dev.serialboost.runtime.engine;

import dev.serialboost.transformer.engine.PrimFieldsGenerator;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link FieldAccess} with the generator the agent gives it, against the JDK's own
 * {@code ObjectStreamClass.getPrimFieldValues}/{@code setPrimFieldValues}: for classes with every primitive type
 * (NaNs of every kind, negative zeros, extremes, booleans), a hierarchy, a wide class and a descriptor read from a
 * stream whose class lost a field (the reflector discards that value): the same bytes out, the same field values in,
 * before and after the copy is generated (which is checked to happen), and the JDK's own exception for a null object
 * or a short array.
 */
class FieldAccessTest {

    private static MethodHandle jdkGet;
    private static MethodHandle jdkSet;

    @BeforeAll
    static void setUp() throws ReflectiveOperationException {
        FieldAccess.generator = PrimFieldsGenerator::generate;
        MethodHandles.Lookup osc = MethodHandles.privateLookupIn(ObjectStreamClass.class, MethodHandles.lookup());
        MethodType copy = MethodType.methodType(void.class, Object.class, byte[].class);
        jdkGet = osc.findVirtual(ObjectStreamClass.class, "getPrimFieldValues", copy);
        jdkSet = osc.findVirtual(ObjectStreamClass.class, "setPrimFieldValues", copy);
    }

    static class Prims implements Serializable {
        private static final long serialVersionUID = 1L;
        boolean z;
        byte b;
        char c;
        short s;
        int i;
        float f;
        long j;
        double d;
        boolean z2;
        transient int notSerialized;
        Object reference;
    }

    static class MorePrims extends Prims {
        private static final long serialVersionUID = 1L;
        double d2;
        byte b2;
        float f2;
    }

    static final class Wide implements Serializable {
        private static final long serialVersionUID = 1L;
        long a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, b0, b1, b2, b3, b4, b5, b6, b7, b8, b9;
        double c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, e0, e1, e2, e3, e4, e5, e6, e7, e8, e9;
        int g0, g1, g2, g3, g4, g5, g6, g7, g8, g9;
        char h0, h1, h2;
        short k0, k1;
        boolean m0, m1, m2;
    }

    @Test
    void copiesExactlyAsTheJdkBeforeAndAfterTheCopyIsGenerated() throws Throwable {
        SplittableRandom random = new SplittableRandom(25);
        for (Class<?> type : List.of(Prims.class, MorePrims.class, Wide.class)) {
            List<ObjectStreamClass> levels = new ArrayList<>();
            for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
                levels.add(ObjectStreamClass.lookup(c));
            }
            for (int n = 0; n < FieldAccess.WARM + 200; n++) {
                Object obj = filled(type, random);
                for (ObjectStreamClass desc : levels) {
                    compare(desc, obj, random, type.getSimpleName() + " level " + desc.getName() + " #" + n);
                }
            }
            for (ObjectStreamClass desc : levels) {
                assertTrue(FieldAccess.generated(desc, type), "no copy generated for " + desc.getName() + " of "
                        + type.getName());
            }
        }
    }

    @Test
    void theJdksExceptionsForANullObjectOrAShortArray() throws Throwable {
        ObjectStreamClass desc = ObjectStreamClass.lookup(Prims.class);
        SplittableRandom random = new SplittableRandom(1);
        for (int n = 0; n < FieldAccess.WARM + 10; n++) {
            compare(desc, filled(Prims.class, random), random, "warming");
        }
        assertTrue(FieldAccess.generated(desc, Prims.class));
        byte[] full = new byte[desc.getFields().length * 8];
        assertEquals(outcome(() -> jdkGet.invoke(desc, null, full)),
                outcome(() -> FieldAccess.getPrimFieldValues(desc, null, full)));
        assertEquals(outcome(() -> jdkSet.invoke(desc, null, full)),
                outcome(() -> FieldAccess.setPrimFieldValues(desc, null, full)));
        for (int length : new int[] {0, 1, 7, 20}) {
            Prims a = new Prims();
            Prims b = new Prims();
            byte[] one = new byte[length];
            byte[] two = new byte[length];
            String expected = outcome(() -> jdkGet.invoke(desc, a, one));
            assertTrue(expected.startsWith("threw java.lang.ArrayIndexOutOfBoundsException"), expected);
            assertEquals(expected, outcome(() -> FieldAccess.getPrimFieldValues(desc, b, two)));
            assertArrayEquals(one, two, "the bytes written before the exception");
            assertEquals(outcome(() -> jdkSet.invoke(desc, a, one)),
                    outcome(() -> FieldAccess.setPrimFieldValues(desc, b, two)));
            assertEquals(values(a), values(b));
        }
    }

    /** A class read from a stream whose class had a field more: the reflector reads past its value. */
    @Test
    void aStreamDescriptorWithAFieldTheClassLacksDiscardsItsValue() throws Throwable {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new Evolved.Before());
        }
        // the stream names Before; read as After1 (same serialVersionUID), which lacks 'gone' and has 'added'
        Evolved.After1.captured = null;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(rename(bytes.toByteArray())))) {
            assertEquals(Evolved.After1.class, in.readObject().getClass());
        }
        ObjectStreamClass desc = Evolved.After1.captured;
        assertEquals(3, desc.getFields().length, "the stream's fields, 'gone' among them");
        SplittableRandom random = new SplittableRandom(7);
        for (int n = 0; n < FieldAccess.WARM + 100; n++) {
            byte[] block = new byte[32];
            random.nextBytes(block);
            Evolved.After1 a = new Evolved.After1();
            Evolved.After1 b = new Evolved.After1();
            jdkSet.invoke(desc, a, block.clone());
            FieldAccess.setPrimFieldValues(desc, b, block.clone());
            assertEquals(values(a), values(b), "#" + n);
        }
        assertTrue(FieldAccess.generated(desc, Evolved.After1.class));
    }

    static final class Evolved {
        static final class Before implements Serializable {
            private static final long serialVersionUID = 5L;
            int kept = 7;
            long gone = 8;
            double also = 9.5;
        }

        static final class After1 implements Serializable {
            private static final long serialVersionUID = 5L;
            static ObjectStreamClass captured;
            int kept;
            double also;
            boolean added;

            private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
                captured = in.readFields().getObjectStreamClass();
            }
        }
    }

    /** The bytes of a stream of {@code Evolved$Before} renamed to {@code Evolved$After1} (same length). */
    private static byte[] rename(final byte[] stream) {
        byte[] from = Evolved.Before.class.getName().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] to = Evolved.After1.class.getName().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(from.length, to.length);
        byte[] out = stream.clone();
        for (int i = 0; i + from.length <= out.length; i++) {
            if (Arrays.equals(out, i, i + from.length, from, 0, from.length)) {
                System.arraycopy(to, 0, out, i, to.length);
            }
        }
        return out;
    }

    private static void compare(final ObjectStreamClass desc, final Object obj, final SplittableRandom random,
                                final String what) throws Throwable {
        int size = 0;
        for (var f : desc.getFields()) {
            size = Math.max(size, f.getOffset() + 8);
        }
        byte[] expected = new byte[size];
        byte[] actual = new byte[size];
        jdkGet.invoke(desc, obj, expected);
        FieldAccess.getPrimFieldValues(desc, obj, actual);
        assertArrayEquals(expected, actual, what + ": bytes out");
        byte[] block = new byte[size];
        random.nextBytes(block);
        Object a = obj.getClass().getDeclaredConstructor().newInstance();
        Object b = obj.getClass().getDeclaredConstructor().newInstance();
        jdkSet.invoke(desc, a, block.clone());
        FieldAccess.setPrimFieldValues(desc, b, block.clone());
        assertEquals(values(a), values(b), what + ": fields in");
    }

    private static Object filled(final Class<?> type, final SplittableRandom random) throws Exception {
        Object obj = type.getDeclaredConstructor().newInstance();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || !f.getType().isPrimitive()) {
                    continue;
                }
                f.setAccessible(true);
                long bits = random.nextLong();
                int pick = random.nextInt(8);
                switch (f.getType().getName()) {
                    case "boolean" -> f.setBoolean(obj, (bits & 1) == 1);
                    case "byte" -> f.setByte(obj, (byte) bits);
                    case "char" -> f.setChar(obj, (char) bits);
                    case "short" -> f.setShort(obj, (short) bits);
                    case "int" -> f.setInt(obj, (int) bits);
                    case "long" -> f.setLong(obj, pick == 0 ? Long.MIN_VALUE : bits);
                    case "float" -> f.setFloat(obj, pick == 0 ? Float.intBitsToFloat(0x7f800001 | (int) bits)
                            : pick == 1 ? -0.0f : Float.intBitsToFloat((int) bits));
                    case "double" -> f.setDouble(obj, pick == 0 ? Double.longBitsToDouble(0x7ff0000000000001L | bits)
                            : pick == 1 ? -0.0 : Double.longBitsToDouble(bits));
                    default -> throw new IllegalStateException(f.toString());
                }
            }
        }
        return obj;
    }

    /** Every field's value, floats and doubles by their raw bits. */
    private static List<String> values(final Object obj) throws IllegalAccessException {
        List<String> values = new ArrayList<>();
        for (Class<?> c = obj.getClass(); c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                f.setAccessible(true);
                Object v = f.get(obj);
                values.add(f.getName() + "=" + (v instanceof Float x ? "f" + Float.floatToRawIntBits(x)
                        : v instanceof Double x ? "d" + Double.doubleToRawLongBits(x) : String.valueOf(v)));
            }
        }
        return values;
    }

    private interface Call {
        void run() throws Throwable;
    }

    private static String outcome(final Call call) {
        try {
            call.run();
            return "returned";
        } catch (Throwable t) {
            return "threw " + t.getClass().getName() + ": " + t.getMessage();
        }
    }
}
