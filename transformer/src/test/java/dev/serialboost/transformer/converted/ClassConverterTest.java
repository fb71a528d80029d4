package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.ClassHierarchy;
import dev.serialboost.transformer.converted.ClassInfo;
import dev.serialboost.transformer.converted.ClassOptions;
import dev.serialboost.transformer.converted.Decision;
import dev.serialboost.transformer.converted.SkipReason;
import dev.serialboost.transformer.converted.TransformOptions;
import dev.serialboost.transformer.converted.Transformation;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.fixtures.Fixtures;
import dev.serialboost.testing.Converted;
import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.GraphAssert;
import dev.serialboost.testing.RoundTrip;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.Externalizable;
import java.io.ObjectStreamClass;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Targeted checks of the transformer's contract; the corpus and random-shape tests cover breadth. */
class ClassConverterTest {

    private static final Predicate<String> FIXTURES = n -> n.startsWith("dev.serialboost.fixtures.");
    private final ClassLoader parent = getClass().getClassLoader();
    private final ClassConverter transformer = new ClassConverter(TransformOptions.DEFAULTS);

    @Test
    void generatedClassesPassAsmVerification() throws Exception {
        for (Class<?> c : new Class<?>[] {Fixtures.Point.class, Fixtures.Order.class, Fixtures.Base.class}) {
            byte[] original = ClassFileSource.of(parent).read(Type.internal(c));
            ChildFirstLoader loader = ChildFirstLoader.transformed(parent, FIXTURES, transformer);
            ClassHierarchy hierarchy = transformer.newHierarchy(ClassFileSource.of(parent));
            byte[] converted = transformer.transform(original, hierarchy).bytes().orElseThrow();
            StringWriter problems = new StringWriter();
            CheckClassAdapter.verify(new ClassReader(converted), loader, false, new PrintWriter(problems));
            assertEquals("", problems.toString(), "verification problems in " + c.getName());
        }
    }

    @Test
    void aConvertedClassFileIsNotConvertedAgain() {
        for (Class<?> c : new Class<?>[] {Fixtures.Point.class, Fixtures.Order.class, Fixtures.Base.class}) {
            byte[] original = ClassFileSource.of(parent).read(Type.internal(c));
            byte[] converted = transformer.transform(original, transformer.newHierarchy(ClassFileSource.of(parent)))
                    .bytes().orElseThrow();
            Decision again = transformer.transform(converted, transformer.newHierarchy(ClassFileSource.of(parent)))
                    .decision();
            assertEquals(SkipReason.ALREADY_CONVERTED, again.reason(), c.getName());
            ClassInfo info = ClassInfo.parse(converted);
            assertTrue(info.prefixedMethod, c.getName());
            // Base, a bulk record, gets a field of serialboost's too; Point and Order are told by their methods alone
            assertEquals(c == Fixtures.Base.class,
                    info.fields.stream().anyMatch(f -> f.name().startsWith(ClassInfo.MEMBER_PREFIX)), c.getName());
        }
    }

    @Test
    void transformsFromBytesAloneWithoutAnyClassLoader() {
        Map<String, byte[]> files = new HashMap<>();
        ClassFileSource parentFiles = ClassFileSource.of(parent);
        for (Class<?> c : new Class<?>[] {Fixtures.Base.class, Fixtures.CustomChild.class}) {
            files.put(Type.internal(c), parentFiles.read(Type.internal(c)));
        }
        // JDK class files come from the platform; the application's only from this map
        ClassHierarchy hierarchy = transformer.newHierarchy(files::get);
        Transformation child = transformer.transform(files.get(Type.internal(Fixtures.CustomChild.class)), hierarchy);
        assertEquals(SkipReason.CUSTOM_SERIALIZATION, child.decision().reason());
        assertTrue(transformer.decide(Fixtures.Base.class.getName(), hierarchy).isConverted());
    }

    @Test
    void classesNamedLikeTheJdksAreTheJdksOnlyWhenTheJdkHasThem() {
        // an ordinary jar's classes in JDK-like packages (JCache, jsr305, JAXB), defined by the application
        Map<String, byte[]> files = new HashMap<>();
        for (String name : List.of("javax.cache.gen.Entry", "com.sun.xml.bind.gen.Value", "jdk.gen.Holder")) {
            files.put(name.replace('.', '/'), SafetySupport.versionedClass(name, "b"));
        }
        ClassHierarchy hierarchy = transformer.newHierarchy(files::get);
        for (String name : files.keySet()) {
            Decision decision = transformer.decide(name.replace('/', '.'), hierarchy);
            assertTrue(decision.isConverted(), decision.toString());
        }
        // the JDK's own, java. or not
        for (String name : List.of("java.util.ArrayList", "javax.management.openmbean.CompositeDataSupport",
                "com.sun.jmx.mbeanserver.Introspector", "sun.security.x509.X500Name")) {
            assertEquals(SkipReason.JDK_CLASS, transformer.decide(name, hierarchy).reason(), name);
        }
    }

    @Test
    void aNoArgConstructorWithCodeDoesNotPreventConversionNorRunsOnRead() throws Exception {
        String name = dev.serialboost.corpus.ctor.CtorCountsInstances.class.getName();
        ClassFileSource files = ClassFileSource.of(parent);
        assertTrue(transformer.decide(name, transformer.newHierarchy(files)).isConverted());
    }

    @Test
    void unconvertedSubclassOfConvertedClassIsWrittenPlainWithItsWholeHierarchy() throws Exception {
        ChildFirstLoader loader = ChildFirstLoader.transformed(parent, FIXTURES, transformer);
        Object child = loader.loadClass(Fixtures.CustomChild.class.getName()).getConstructor().newInstance();
        assertTrue(loader.decision(Fixtures.Base.class.getName()).isConverted());
        Decision childDecision = loader.decision(Fixtures.CustomChild.class.getName());
        assertEquals(SkipReason.CUSTOM_SERIALIZATION, childDecision.reason());
        assertNull(childDecision.convertedSuperclass(), childDecision.toString());
        assertFalse(childDecision.toString().contains("exclude"), childDecision.toString());

        byte[] stream = RoundTrip.write(child);
        GraphAssert.assertSameGraph(child, RoundTrip.read(stream, loader));
        // the same bytes as the plain classes write: the converted superclass is described plain here
        ChildFirstLoader plain = ChildFirstLoader.plain(parent, FIXTURES);
        Object plainChild = plain.loadClass(Fixtures.CustomChild.class.getName()).getConstructor().newInstance();
        assertArrayEquals(RoundTrip.write(plainChild), stream);
    }

    @Test
    void streamWrittenForAnotherShapeOfTheClassReadsAsPlainJdkReadsIt() throws Exception {
        // two versions of one class with the same explicit serialVersionUID: fields {a, b} and {a, c}
        String name = "dev.serialboost.fixtures.gen.Versioned";
        Map<String, byte[]> v1 = Map.of(name, SafetySupport.versionedClass(name, "b"));
        Map<String, byte[]> v2 = Map.of(name, SafetySupport.versionedClass(name, "c"));
        Predicate<String> owns = name::equals;
        ChildFirstLoader writer = ChildFirstLoader.of(parent, owns, v1::get, transformer);
        ChildFirstLoader reader = ChildFirstLoader.of(parent, owns, v2::get, transformer);
        Object written = writer.loadClass(name).getConstructor(int.class).newInstance(1);
        written.getClass().getField("b").setInt(written, 2);
        assertTrue(writer.decision(name).isConverted());
        byte[] stream = RoundTrip.write(written);

        // b dropped, c at its default, as plain JDK reading of the plain stream gives
        Object read = RoundTrip.read(stream, reader);
        assertTrue(reader.decision(name).isConverted());
        Object plain = RoundTrip.read(RoundTrip.write(ChildFirstLoader.of(parent, owns, v1::get, null).loadClass(name)
                .getConstructor(int.class).newInstance(1)), ChildFirstLoader.of(parent, owns, v2::get, null));
        GraphAssert.assertSameGraph(plain, read);
        assertEquals(1, read.getClass().getField("a").getInt(read));
        assertEquals(0, read.getClass().getField("c").getInt(read));
        // and the same shape reads back
        GraphAssert.assertSameGraph(written, RoundTrip.read(stream, writer));
    }

    @Test
    void serialVersionUidIsTheOriginalOne() throws Exception {
        ChildFirstLoader plain = ChildFirstLoader.plain(parent, FIXTURES);
        ChildFirstLoader converted = ChildFirstLoader.transformed(parent, FIXTURES, transformer);
        for (Class<?> c : new Class<?>[] {Fixtures.Point.class, Fixtures.Order.class, Fixtures.Base.class}) {
            Class<?> before = plain.loadClass(c.getName());
            Class<?> after = converted.loadClass(c.getName());
            assertFalse(Converted.hasBodies(before));
            assertTrue(Converted.hasBodies(after), c.getName());
            assertFalse(Externalizable.class.isAssignableFrom(after), c.getName() + " stays what it was");
            assertEquals(ObjectStreamClass.lookup(before).getSerialVersionUID(),
                    ObjectStreamClass.lookup(after).getSerialVersionUID(), c.getName());
            // none declares one, and none is added: the JDK computes the same default from the converted class
            assertThrows(NoSuchFieldException.class, () -> after.getDeclaredField("serialVersionUID"), c.getName());
        }
    }

    @Test
    void classFileVersion53WithFinalFieldsIsRaisedTo55AndRestoresThem() throws Exception {
        String name = Fixtures.Order.class.getName();
        byte[] java9 = withVersion(ClassFileSource.of(parent).read(Type.internal(Fixtures.Order.class)), Opcodes.V9);
        Predicate<String> owns = name::equals;
        ChildFirstLoader plain = ChildFirstLoader.of(parent, owns, n -> java9, null);
        ChildFirstLoader converted = ChildFirstLoader.of(parent, owns, n -> java9, transformer);
        Object a = newOrder(plain);
        Object b = newOrder(converted);
        assertTrue(converted.decision(name).notes().contains("class-file version raised from 53 to 55"),
                converted.decision(name).toString());
        GraphAssert.assertSameGraph(RoundTrip.of(a, plain), RoundTrip.of(b, converted));
    }

    @Test
    void finalFieldsAreSkippedWhenTheRuntimeCannotWriteThem() {
        ClassConverter restricted = new ClassConverter(
                TransformOptions.DEFAULTS.withRuntimeUnsafe(false));
        ClassHierarchy hierarchy = restricted.newHierarchy(ClassFileSource.of(parent));
        byte[] order = ClassFileSource.of(parent).read(Type.internal(Fixtures.Order.class));
        assertEquals(SkipReason.FINAL_FIELDS_UNSUPPORTED, restricted.transform(order, hierarchy).decision().reason());
        byte[] java8 = withVersion(order, Opcodes.V1_8);
        Decision old = restricted.transform(java8, restricted.newHierarchy(ClassFileSource.of(parent))).decision();
        assertTrue(old.isConverted(), "below version 53 finals are stored with putfield: " + old);
    }

    @Test
    void configurationExcludesAndNamesTheRule() {
        ClassConverter excluding = new ClassConverter(TransformOptions.DEFAULTS.withPolicy(
                n -> n.equals(Fixtures.Point.class.getName())
                        ? ClassOptions.DEFAULT.withIncluded(false).withOrigin("test.conf:3") : ClassOptions.DEFAULT));
        ClassHierarchy hierarchy = excluding.newHierarchy(ClassFileSource.of(parent));
        Decision d = excluding.transform(ClassFileSource.of(parent).read(Type.internal(Fixtures.Point.class)),
                hierarchy).decision();
        assertEquals(SkipReason.EXCLUDED_BY_CONFIG, d.reason());
        assertTrue(d.toString().contains("test.conf:3"), d.toString());
    }

    @Test
    void optInLeavesClassesNoRuleNamesPlainBelowAConvertedSuperclass() {
        String base = Fixtures.Base.class.getName();
        String child = Fixtures.CustomChild.class.getName();
        ClassConverter optIn = new ClassConverter(TransformOptions.DEFAULTS.withPolicy(
                n -> n.equals(base) ? ClassOptions.DEFAULT.withIncluded(true).withOrigin("app.conf line 1")
                        : ClassOptions.notIncluded("no rule of app.conf matches it; convert=rules")));
        ClassHierarchy hierarchy = optIn.newHierarchy(ClassFileSource.of(parent));
        assertTrue(optIn.decide(base, hierarchy).isConverted());
        Decision point = optIn.decide(Fixtures.Point.class.getName(), hierarchy);
        assertEquals(SkipReason.NOT_INCLUDED, point.reason());
        assertEquals(Fixtures.Point.class.getName() + " skipped: it is not named by an include rule (no rule of"
                + " app.conf matches it; convert=rules)", point.toString());
        Decision d = optIn.decide(child, hierarchy);
        assertEquals(SkipReason.NOT_INCLUDED, d.reason());
        assertNull(d.convertedSuperclass(), d.toString());
        assertFalse(ClassOptions.notIncluded("x").withIncluded(false).unnamed(), "a rule names the class it excludes");
    }

    @Test
    void garbageBytesAreASkipNotAnException() {
        Transformation t = transformer.transform(new byte[] {1, 2, 3},
                transformer.newHierarchy(ClassFileSource.of(parent)));
        assertEquals(SkipReason.UNSUPPORTED_CLASS_FILE, t.decision().reason());
        assertTrue(t.bytes().isEmpty());
    }

    private static Object newOrder(final ClassLoader loader) throws Exception {
        return loader.loadClass(Fixtures.Order.class.getName())
                .getConstructor(long.class, boolean.class, int.class, int.class).newInstance(7L, true, 3, 4);
    }

    static byte[] withVersion(final byte[] classFile, final int version) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(0);
        reader.accept(new org.objectweb.asm.ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(final int v, final int access, final String name, final String signature,
                              final String superName, final String[] interfaces) {
                super.visit(version, access, name, signature, superName, interfaces);
            }

            @Override
            public void visitNestHost(final String nestHost) {
                // nestmates need version 55; the fixtures reach nothing private across classes
            }
        }, 0);
        return writer.toByteArray();
    }

    private static <T extends Throwable> T findCause(final Throwable t, final Class<T> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " in " + t, t);
    }

    /** Internal names of test classes. */
    private static final class Type {
        static String internal(final Class<?> c) {
            return c.getName().replace('.', '/');
        }
    }
}
