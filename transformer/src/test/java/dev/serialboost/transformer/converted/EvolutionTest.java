package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.ClassOptions;
import dev.serialboost.transformer.converted.TransformOptions;
import dev.serialboost.testing.Bytes;
import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.GraphAssert;
import dev.serialboost.testing.RoundTrip;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.CsvSource;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.InvalidClassException;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Class evolution in the converted format, differential against plain JDK serialization: two shapes of the same
 * classes (same names and serialVersionUIDs), one JVM's version writing and the other's reading. The same graph is
 * written by the writer's classes plain and converted; the plain stream is read by the reader's classes plain, the
 * converted stream by the reader's classes converted; both reads must give the same graph (every field, shared
 * references included) or the same exception (class and message). Each case runs in both directions (old shape
 * writes, new shape reads, and the other way round).
 */
class EvolutionTest {

    private static final String PKG = "dev.serialboost.evolution.gen.";
    private static final String SUBJECT = PKG + "Subject";
    private static final String PART = PKG + "Part";
    private static final String BASE = PKG + "Base";
    private static final ClassLoader PARENT = EvolutionTest.class.getClassLoader();

    /** One field of a generated class: name, descriptor, and extra access ({@code ACC_TRANSIENT}, {@code ACC_STATIC}). */
    record F(String name, String descriptor, int access) {
        F(final String name, final String descriptor) {
            this(name, descriptor, 0);
        }
    }

    /** One shape of the classes: binary name to class file. */
    record Shape(String label, Map<String, byte[]> classes) {
        @Override
        public String toString() {
            return label;
        }
    }

    /** A case: two shapes, and how plain JDK reading of the one's data into the other ends (for a sanity check). */
    record Case(String name, Shape a, Shape b, String plainAtoB, String plainBtoA) {
    }

    private static Map<String, byte[]> classes(final Object... nameSuperFields) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put(PART, define(PART, "java/lang/Object", 1L, new F("name", "Ljava/lang/String;")));
        for (int i = 0; i < nameSuperFields.length; i += 3) {
            String name = (String) nameSuperFields[i];
            m.put(name, define(name, (String) nameSuperFields[i + 1], name.hashCode(), (F[]) nameSuperFields[i + 2]));
        }
        return m;
    }

    private static Shape shape(final String label, final Object... nameSuperFields) {
        return new Shape(label, classes(nameSuperFields));
    }

    private static F[] f(final F... fields) {
        return fields;
    }

    /**
     * Not a field: the class gets a {@code writeObject} that calls {@code defaultWriteObject}, then writes custom
     * data (a string, and the object itself: a back-reference); it needs the transient fields of {@link #SEEN}.
     */
    private static final F WRITE_OBJECT = new F("writeObject", "");
    /**
     * Not a field: the class gets a {@code readObject} that calls {@code defaultReadObject}, then reads what {@link
     * #WRITE_OBJECT} writes into the transient fields of {@link #SEEN}.
     */
    private static final F READ_OBJECT = new F("readObject", "");
    /** Not a field: the class gets a {@code readObject} that calls {@code defaultReadObject} and sets {@code seen}. */
    private static final F VALIDATE = new F("validate", "");
    /** The transient fields the class's own methods set. */
    private static final F[] SEEN = {new F("seen", "Ljava/lang/String;", Opcodes.ACC_TRANSIENT),
        new F("self", "Ljava/lang/Object;", Opcodes.ACC_TRANSIENT)};

    /** {@code fields}, {@link #SEEN} and the given method markers. */
    private static F[] custom(final F[] fields, final F... methods) {
        List<F> all = new ArrayList<>(List.of(fields));
        all.addAll(List.of(SEEN));
        all.addAll(List.of(methods));
        return all.toArray(new F[0]);
    }

    static List<Case> cases() {
        String object = "java/lang/Object";
        String base = BASE.replace('.', '/');
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("fields added and removed, a removed object still shared after it",
                shape("{a, s, part}", SUBJECT, object, f(new F("a", "I"), new F("s", "Ljava/lang/String;"),
                        new F("part", "L" + PART.replace('.', '/') + ";"))),
                shape("{a, s, added, more, t (transient)}", SUBJECT, object, f(new F("a", "I"),
                        new F("s", "Ljava/lang/String;"), new F("added", "J"), new F("more", "Ljava/lang/Object;"),
                        new F("part", "I", Opcodes.ACC_TRANSIENT))), "read", "read"));
        cases.add(new Case("all-primitive (bulk) level reordered",
                shape("{long x, int y, double z, short w}", SUBJECT, object, f(new F("x", "J"), new F("y", "I"),
                        new F("z", "D"), new F("w", "S"))),
                shape("{short w, double z, int y, long x, boolean v}", SUBJECT, object, f(new F("w", "S"),
                        new F("z", "D"), new F("y", "I"), new F("x", "J"), new F("v", "Z"))), "read", "read"));
        cases.add(new Case("bulk level gains a reference field",
                shape("{long x, int y}", SUBJECT, object, f(new F("x", "J"), new F("y", "I"))),
                shape("{long x, int y, String s}", SUBJECT, object, f(new F("x", "J"), new F("y", "I"),
                        new F("s", "Ljava/lang/String;"))), "read", "read"));
        cases.add(new Case("field becomes transient or static",
                shape("{a, t, st}", SUBJECT, object, f(new F("a", "I"), new F("t", "I"),
                        new F("st", "Ljava/lang/String;"))),
                shape("{a, transient t, static st}", SUBJECT, object, f(new F("a", "I"),
                        new F("t", "I", Opcodes.ACC_TRANSIENT), new F("st", "Ljava/lang/String;", Opcodes.ACC_STATIC))),
                "read", "read"));
        cases.add(new Case("primitive type changed",
                shape("{int n, String s}", SUBJECT, object, f(new F("n", "I"), new F("s", "Ljava/lang/String;"))),
                shape("{long n, String s}", SUBJECT, object, f(new F("n", "J"), new F("s", "Ljava/lang/String;"))),
                "java.io.InvalidClassException: " + SUBJECT + "; incompatible types for field n",
                "java.io.InvalidClassException: " + SUBJECT + "; incompatible types for field n"));
        cases.add(new Case("bulk level's primitive type changed",
                shape("{int n, long m}", SUBJECT, object, f(new F("n", "I"), new F("m", "J"))),
                shape("{double n, long m}", SUBJECT, object, f(new F("n", "D"), new F("m", "J"))),
                "java.io.InvalidClassException: " + SUBJECT + "; incompatible types for field n",
                "java.io.InvalidClassException: " + SUBJECT + "; incompatible types for field n"));
        cases.add(new Case("reference type changed",
                shape("{String ref, int k}", SUBJECT, object, f(new F("ref", "Ljava/lang/String;"),
                        new F("k", "I"))),
                shape("{Integer ref, int k}", SUBJECT, object, f(new F("ref", "Ljava/lang/Integer;"),
                        new F("k", "I"))),
                "java.lang.ClassCastException: cannot assign instance of java.lang.String to field " + SUBJECT
                        + ".ref of type java.lang.Integer in instance of " + SUBJECT,
                "java.lang.ClassCastException: cannot assign instance of java.lang.Integer to field " + SUBJECT
                        + ".ref of type java.lang.String in instance of " + SUBJECT));
        cases.add(new Case("reference type widened",
                shape("{String ref}", SUBJECT, object, f(new F("ref", "Ljava/lang/String;"))),
                shape("{Object ref}", SUBJECT, object, f(new F("ref", "Ljava/lang/Object;"))), "read",
                "java.lang.ClassCastException: cannot assign instance of java.lang.Integer to field " + SUBJECT
                        + ".ref of type java.lang.String in instance of " + SUBJECT));
        cases.add(new Case("converted superclass added and removed",
                shape("Subject {s, name}", SUBJECT, object, f(new F("s", "I"), new F("name", "Ljava/lang/String;"))),
                shape("Subject {s, name} extends Base {base, label, part}", BASE, object, f(new F("base", "I"),
                        new F("label", "Ljava/lang/String;"), new F("part", "L" + PART.replace('.', '/') + ";")),
                        SUBJECT, base, f(new F("s", "I"), new F("name", "Ljava/lang/String;"))), "read", "read"));
        cases.add(new Case("superclass fields change, subclass the same",
                shape("Subject {s} extends Base {long base}", BASE, object, f(new F("base", "J")), SUBJECT, base,
                        f(new F("s", "I"))),
                shape("Subject {s} extends Base {long base, String label}", BASE, object, f(new F("base", "J"),
                        new F("label", "Ljava/lang/String;")), SUBJECT, base, f(new F("s", "I"))), "read", "read"));
        cases.add(new Case("superclass gone from the reader's class path",
                shape("Subject {s} extends Base {base, part}", BASE, object, f(new F("base", "I"),
                        new F("part", "L" + PART.replace('.', '/') + ";")), SUBJECT, base, f(new F("s", "I"))),
                new Shape("Subject {s}, no Base", without(classes(SUBJECT, object, f(new F("s", "I"))), BASE)),
                "read", "read"));
        String io = "java.io.";
        cases.add(new Case("writeObject/readObject added: the reader's readObject reads custom data the writer lacks",
                shape("{a, s}", SUBJECT, object, f(new F("a", "I"), new F("s", "Ljava/lang/String;"))),
                shape("{a, s} with writeObject/readObject", SUBJECT, object, custom(f(new F("a", "I"),
                        new F("s", "Ljava/lang/String;")), WRITE_OBJECT, READ_OBJECT)),
                io + "EOFException: null", "read"));
        cases.add(new Case("readObject added (defaultReadObject, then a derived field)",
                shape("{a, part}", SUBJECT, object, f(new F("a", "I"), new F("part", "L" + PART.replace('.', '/')
                        + ";"))),
                shape("{a, part} with readObject", SUBJECT, object, custom(f(new F("a", "I"),
                        new F("part", "L" + PART.replace('.', '/') + ";")), VALIDATE)), "read", "read"));
        cases.add(new Case("fields added to and removed from a level with writeObject/readObject",
                shape("{a, s, part} with writeObject/readObject", SUBJECT, object, custom(f(new F("a", "I"),
                        new F("s", "Ljava/lang/String;"), new F("part", "L" + PART.replace('.', '/') + ";")),
                        WRITE_OBJECT, READ_OBJECT)),
                shape("{a, added, more} with writeObject/readObject", SUBJECT, object, custom(f(new F("a", "I"),
                        new F("added", "J"), new F("more", "Ljava/lang/Object;")), WRITE_OBJECT, READ_OBJECT)),
                "read", "read"));
        cases.add(new Case("superclass with writeObject/readObject added and removed",
                shape("Subject {s, name}", SUBJECT, object, f(new F("s", "I"), new F("name", "Ljava/lang/String;"))),
                shape("Subject {s, name} extends Base {base, part} with writeObject/readObject", BASE, object,
                        custom(f(new F("base", "I"), new F("part", "L" + PART.replace('.', '/') + ";")), WRITE_OBJECT,
                        READ_OBJECT), SUBJECT, base, f(new F("s", "I"), new F("name", "Ljava/lang/String;"))),
                "read", "read"));
        cases.add(new Case("superclass with writeObject/readObject gone from the reader's class path",
                shape("Subject {s} extends Base {base, part} with writeObject/readObject", BASE, object,
                        custom(f(new F("base", "I"), new F("part", "L" + PART.replace('.', '/') + ";")), WRITE_OBJECT,
                        READ_OBJECT), SUBJECT, base, f(new F("s", "I"))),
                new Shape("Subject {s}, no Base", without(classes(SUBJECT, object, f(new F("s", "I"))), BASE)),
                "read", "read"));
        cases.add(new Case("subclass with writeObject/readObject under a superclass that gains a field",
                shape("Subject {s} with writeObject/readObject extends Base {base}", BASE, object,
                        f(new F("base", "I")), SUBJECT, base, custom(f(new F("s", "I")), WRITE_OBJECT, READ_OBJECT)),
                shape("Subject {s} with writeObject/readObject extends Base {base, label}", BASE, object,
                        f(new F("base", "I"), new F("label", "Ljava/lang/String;")), SUBJECT, base,
                        custom(f(new F("s", "I")), WRITE_OBJECT, READ_OBJECT)), "read", "read"));
        return cases;
    }

    /** Whether the shape's class {@code name} declares {@code writeObject} or {@code readObject}. */
    private static boolean hasOwnMethods(final Shape shape, final String name) {
        String text = new String(shape.classes().get(name), java.nio.charset.StandardCharsets.ISO_8859_1);
        return text.contains("writeObject") || text.contains("readObject");
    }

    private static Map<String, byte[]> without(final Map<String, byte[]> classes, final String name) {
        Map<String, byte[]> m = new LinkedHashMap<>(classes);
        m.remove(name);
        return m;
    }

    static Stream<Arguments> directions() {
        List<Arguments> all = new ArrayList<>();
        for (Case c : cases()) {
            all.add(Arguments.of(c.name(), c.a(), c.b(), c.plainAtoB()));
            all.add(Arguments.of(c.name() + " (the other way)", c.b(), c.a(), c.plainBtoA()));
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}: {1} writes, {2} reads")
    @MethodSource("directions")
    void anotherShapeReadsAsPlainJdkReadsIt(final String name, final Shape writer, final Shape reader,
                                            final String plainOutcome) throws Exception {
        ClassConverter convert = new ClassConverter(TransformOptions.DEFAULTS);
        ChildFirstLoader plainWriter = loader(writer, null);
        ChildFirstLoader plainReader = loader(reader, null);
        ChildFirstLoader convertedWriter = loader(writer, convert);
        ChildFirstLoader convertedReader = loader(reader, convert);

        byte[] plainStream = RoundTrip.write(sample(plainWriter));
        Object convertedRoot = sample(convertedWriter);
        byte[] convertedStream = RoundTrip.write(convertedRoot);
        assertTrue(convertedWriter.decisions().containsKey(SUBJECT), "the writer loaded " + SUBJECT);
        convertedWriter.decisions().values().forEach(d -> assertTrue(d.isConverted(), d.toString()));
        assertEquals(hasOwnMethods(writer, SUBJECT) ? 0x0D : 0x05, flagsOf(convertedStream, SUBJECT),
                "the converted writer wrote the converted layout");
        // the converted data of the writer's own shape reads back as the plain data does
        GraphAssert.assertSameGraph(RoundTrip.read(plainStream, plainWriter),
                RoundTrip.read(convertedStream, convertedWriter));

        Outcome plain = Outcome.of(plainStream, plainReader);
        Outcome converted = Outcome.of(convertedStream, convertedReader);
        assertTrue(convertedReader.decisions().containsKey(SUBJECT), "the reader loaded " + SUBJECT);
        convertedReader.decisions().values().forEach(d -> assertTrue(d.isConverted(), d.toString()));
        assertEquals(plainOutcome, plain.text(), "test bug? plain JDK reading ends otherwise");
        assertEquals(plain.text(), converted.text(), "outcome with the converted format");
        if (plain.root() != null) {
            GraphAssert.assertSameGraph(plain.root(), converted.root());
        }
    }

    /**
     * One reader's class reads data of its own shape and of another in turn, in streams of their own: each read ends
     * as it does in a reader that reads only that stream. Whatever a view keeps from one stream's descriptor (the
     * plans for data of another shape, or any later per-descriptor state) must not carry over to another's.
     */
    @ParameterizedTest(name = "{0}: {1}'s and {2}'s data read in turn by {2}")
    @MethodSource("directions")
    void dataOfTwoShapesReadInTurnReadsAsEachAlone(final String name, final Shape writer, final Shape reader,
                                                   final String plainOutcome) throws Exception {
        ClassConverter convert = new ClassConverter(TransformOptions.DEFAULTS);
        byte[] other = RoundTrip.write(sample(loader(writer, convert)));
        byte[] own = RoundTrip.write(sample(loader(reader, convert)));
        ChildFirstLoader inTurn = loader(reader, convert);
        for (int round = 0; round < 2; round++) {
            for (byte[] stream : new byte[][] {other, own}) {
                Outcome alone = Outcome.of(stream, loader(reader, convert));
                Outcome read = Outcome.of(stream, inTurn);
                assertEquals(alone.text(), read.text(), (stream == own ? "own" : "other") + " shape, round " + round);
                if (alone.root() != null) {
                    GraphAssert.assertSameGraph(alone.root(), read.root());
                }
            }
        }
    }

    @Test
    void aRemovedFieldsObjectIsReadAndKeepsItsHandle() throws Exception {
        Case c = cases().get(0);
        ClassConverter convert = new ClassConverter(TransformOptions.DEFAULTS);
        Object[] root = (Object[]) RoundTrip.read(RoundTrip.write(sample(loader(c.a(), convert))),
                loader(c.b(), convert));
        // root[1] is the object the writer's Subject.part held: read, and the same object wherever it is referenced
        assertEquals(PART, root[1].getClass().getName());
        assertSame(root[1], root[2]);
        assertEquals("shared", get(root[1], "name"));
        assertEquals(0, get(root[0], "part"), "a transient field keeps its default");
    }

    @Test
    void aBulkRecordOfTheOtherBulkSettingIsReadNotMisread() throws Exception {
        Shape shape = shape("{long x, int y, short w}", SUBJECT, "java/lang/Object", f(new F("x", "J"),
                new F("y", "I"), new F("w", "S")));
        ClassConverter bulk = new ClassConverter(TransformOptions.DEFAULTS);
        ClassConverter fields = new ClassConverter(TransformOptions.DEFAULTS.withPolicy(
                n -> ClassOptions.DEFAULT.withBulk(false)));
        for (ClassConverter[] pair : new ClassConverter[][] {{bulk, fields}, {fields, bulk}}) {
            ChildFirstLoader writer = loader(shape, pair[0]);
            ChildFirstLoader reader = loader(shape, pair[1]);
            Object written = sample(writer);
            Object read = RoundTrip.read(RoundTrip.write(written), reader);
            assertNotEquals(writer.decision(SUBJECT).bulk(), reader.decision(SUBJECT).bulk());
            GraphAssert.assertSameGraph(written, read);
        }
    }

    @Test
    void dataWhoseShapeMatchesNoLayoutOfItsDescriptorsIsRefusedNamingTheClass() throws Exception {
        Shape shape = cases().get(0).a();
        ClassConverter convert = new ClassConverter(TransformOptions.DEFAULTS);
        byte[] stream = RoundTrip.write(sample(loader(shape, convert)));
        // the first object of Subject's data: its shape follows the class descriptor's end (TC_ENDBLOCKDATA,
        // then the superclass descriptor TC_NULL)
        int at = indexOf(stream, SUBJECT) + SUBJECT.length();
        int end = Bytes.indexOf(stream, new byte[] {0x78, 0x70}, at);
        int shapeAt = end + 2;
        stream[shapeAt] ^= 0x55; // as a stream of the first converted format: another per-level value there
        InvalidClassException e = assertThrows(InvalidClassException.class,
                () -> RoundTrip.read(stream, loader(shape, convert)));
        // the JDK's exception for an Externalizable descriptor of a Serializable class, and serialboost's finding
        assertEquals(SUBJECT, e.classname);
        assertEquals(SUBJECT + "; Serializable incompatible with Externalizable", e.getMessage());
        assertTrue(e.getCause().getMessage().contains("matches none of the layouts its class descriptors allow"),
                e.getCause().getMessage());
    }

    /**
     * An object of a class the reader lacks, under a field of another shape's data: when the reader's class dropped
     * the field, the JDK marks no dependency on it and the object reads (the missing class harms nothing); when the
     * reader's class has the field, the object's {@code ClassNotFoundException} marks it and the stream reads on after
     * its data. Either way each later top-level object reads as in plain JDK, the one of the missing class included
     * (a back-reference to it fails).
     */
    @ParameterizedTest(name = "field {0} by the reader, Gone with writeObject/readObject: {1}")
    @CsvSource({"dropped, false", "kept, false", "dropped, true", "kept, true"})
    void anObjectOfAMissingClassUnderAFieldReadsAsInPlainJdk(final String field, final boolean ownMethods)
            throws Exception {
        String gone = PKG + "Gone";
        String object = "java/lang/Object";
        F[] goneFields = ownMethods ? custom(f(new F("x", "I")), WRITE_OBJECT, READ_OBJECT) : f(new F("x", "I"));
        Shape writer = shape("{a, Object held} and Gone", SUBJECT, object, f(new F("a", "I"),
                new F("held", "Ljava/lang/Object;")), gone, object, goneFields);
        Shape reader = new Shape("{a, added" + (field.equals("kept") ? ", Object held}" : "}") + ", no Gone",
                without(classes(SUBJECT, object, field.equals("kept") ? f(new F("a", "I"), new F("added", "J"),
                        new F("held", "Ljava/lang/Object;")) : f(new F("a", "I"), new F("added", "J"))), gone));
        ClassConverter convert = new ClassConverter(TransformOptions.DEFAULTS);
        List<Outcome> plain = readAll(missingClassSample(loader(writer, null), gone), loader(reader, null), 3);
        List<Outcome> converted = readAll(missingClassSample(loader(writer, convert), gone), loader(reader, convert),
                3);
        String missing = "java.lang.ClassNotFoundException: " + gone;
        assertEquals(List.of(field.equals("kept") ? missing : "read", "read", missing),
                plain.stream().map(Outcome::text).toList(), "test bug? plain JDK reading ends otherwise");
        for (int i = 0; i < plain.size(); i++) {
            assertEquals(plain.get(i).text(), converted.get(i).text(), "object " + i);
            if (plain.get(i).root() != null) {
                GraphAssert.assertSameGraph(plain.get(i).root(), converted.get(i).root());
            }
        }
    }

    /** Three top-level objects: a Subject holding a Gone, a Part, and the Gone again (a back-reference). */
    private static byte[] missingClassSample(final ClassLoader loader, final String gone) throws Exception {
        Object subject = loader.loadClass(SUBJECT).getConstructor().newInstance();
        Object held = loader.loadClass(gone).getConstructor().newInstance();
        set(subject, "a", 5);
        set(subject, "held", held);
        set(held, "x", 6);
        Object part = loader.loadClass(PART).getConstructor().newInstance();
        set(part, "name", "after");
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(subject);
            out.writeObject(part);
            out.writeObject(held);
        }
        return bytes.toByteArray();
    }

    /** How reading each of the stream's first {@code n} top-level objects ends. */
    private static List<Outcome> readAll(final byte[] stream, final ClassLoader loader, final int n)
            throws Exception {
        List<Outcome> outcomes = new ArrayList<>();
        try (java.io.ObjectInputStream in = RoundTrip.input(new java.io.ByteArrayInputStream(stream), loader)) {
            for (int i = 0; i < n; i++) {
                try {
                    outcomes.add(new Outcome("read", in.readObject()));
                } catch (Exception e) {
                    outcomes.add(new Outcome(e.getClass().getName() + ": " + e.getMessage(), null));
                }
            }
        }
        return outcomes;
    }

    // ---- support ------------------------------------------------------------------------------------------------

    /** How a read ended: {@code read} and the root, or the exception's class and message. */
    record Outcome(String text, Object root) {
        static Outcome of(final byte[] stream, final ClassLoader loader) {
            try {
                return new Outcome("read", RoundTrip.read(stream, loader));
            } catch (Exception e) {
                return new Outcome(e.getClass().getName() + ": " + e.getMessage(), null);
            }
        }
    }

    private static ChildFirstLoader loader(final Shape shape, final ClassConverter transformer) {
        return ChildFirstLoader.of(PARENT, n -> n.startsWith(PKG), shape.classes()::get, transformer);
    }

    /**
     * {@code [subject, part, part]}: a Subject whose fields all have values (a {@code part} field holds the Part
     * that the array holds twice after it), so shared references after the Subject's data are checked.
     */
    private static Object sample(final ClassLoader loader) throws Exception {
        Object part = loader.loadClass(PART).getConstructor().newInstance();
        set(part, "name", "shared");
        Object subject = loader.loadClass(SUBJECT).getConstructor().newInstance();
        int n = 1;
        for (Class<?> c = subject.getClass(); c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (java.lang.reflect.Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                field.setAccessible(true);
                field.set(subject, valueFor(field.getType(), n++, part));
            }
        }
        return new Object[] {subject, part, part};
    }

    private static Object valueFor(final Class<?> type, final int n, final Object part) {
        Map<Class<?>, Function<Integer, Object>> values = new HashMap<>();
        values.put(int.class, i -> 1000 + i);
        values.put(long.class, i -> 9_000_000_000L + i);
        values.put(double.class, i -> i + 0.25);
        values.put(short.class, i -> (short) (300 + i));
        values.put(boolean.class, i -> true);
        values.put(String.class, i -> "value " + i);
        values.put(Integer.class, i -> i);
        values.put(Object.class, i -> Integer.valueOf(i));
        if (type == part.getClass()) {
            return part;
        }
        return values.get(type).apply(n);
    }

    private static void set(final Object target, final String name, final Object value) throws Exception {
        Field field = target.getClass().getDeclaredField(name);
        field.setAccessible(true);
        field.set(target, value);
    }

    private static Object get(final Object target, final String name) throws Exception {
        Field field = target.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field.get(target);
    }

    /** The flags byte of the first descriptor of {@code className} in {@code stream}. */
    private static int flagsOf(final byte[] stream, final String className) {
        return stream[indexOf(stream, className) + className.length() + 8];
    }

    private static int indexOf(final byte[] stream, final String text) {
        return Bytes.indexOf(stream, text.getBytes(java.nio.charset.StandardCharsets.UTF_8), 0);
    }

    /** {@code writeObject}: {@code defaultWriteObject()}, {@code writeUTF("custom")}, {@code writeObject(this)}. */
    private static void customWrite(final ClassWriter cw, final String internal) {
        String stream = "java/io/ObjectOutputStream";
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PRIVATE, "writeObject", "(L" + stream + ";)V", null,
                new String[] {"java/io/IOException"});
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, stream, "defaultWriteObject", "()V", false);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitLdcInsn("custom");
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, stream, "writeUTF", "(Ljava/lang/String;)V", false);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, stream, "writeObject", "(Ljava/lang/Object;)V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * {@code readObject}: {@code defaultReadObject()}, then either {@code seen = readUTF(); self = readObject()}
     * ({@code custom}) or {@code seen = "validated"}.
     */
    private static void customRead(final ClassWriter cw, final String internal, final boolean custom) {
        String stream = "java/io/ObjectInputStream";
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PRIVATE, "readObject", "(L" + stream + ";)V", null,
                new String[] {"java/io/IOException", "java/lang/ClassNotFoundException"});
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, stream, "defaultReadObject", "()V", false);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        if (custom) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, stream, "readUTF", "()Ljava/lang/String;", false);
        } else {
            mv.visitLdcInsn("validated");
        }
        mv.visitFieldInsn(Opcodes.PUTFIELD, internal, "seen", "Ljava/lang/String;");
        if (custom) {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, stream, "readObject", "()Ljava/lang/Object;", false);
            mv.visitFieldInsn(Opcodes.PUTFIELD, internal, "self", "Ljava/lang/Object;");
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** A public class with a public no-arg constructor (for a serializable superclass's fields to matter). */
    private static byte[] define(final String name, final String superName, final long suid, final F... fields) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        String internal = name.replace('.', '/');
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, internal, null, superName,
                superName.equals("java/lang/Object") ? new String[] {"java/io/Serializable"} : null);
        cw.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "serialVersionUID", "J", null, suid)
                .visitEnd();
        for (F f : fields) {
            if (f == WRITE_OBJECT) {
                customWrite(cw, internal);
            } else if (f == READ_OBJECT || f == VALIDATE) {
                customRead(cw, internal, f == READ_OBJECT);
            } else {
                cw.visitField(Opcodes.ACC_PUBLIC | f.access(), f.name(), f.descriptor(), null, null).visitEnd();
            }
        }
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, superName, "<init>", "()V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
