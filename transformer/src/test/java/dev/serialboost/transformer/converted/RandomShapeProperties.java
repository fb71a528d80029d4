package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.ClassHierarchy;
import dev.serialboost.transformer.converted.Decision;
import dev.serialboost.transformer.converted.SkipReason;
import dev.serialboost.transformer.converted.TransformOptions;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.testing.Converted;
import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.GraphAssert;
import dev.serialboost.testing.RoundTrip;
import dev.serialboost.testing.shapes.BytecodeChecker;
import dev.serialboost.testing.shapes.ClassBuilder;
import dev.serialboost.testing.shapes.ClassShape;
import dev.serialboost.testing.shapes.CtorKind;
import dev.serialboost.testing.shapes.FieldShape;
import dev.serialboost.testing.shapes.ShapeGenerator;
import dev.serialboost.testing.shapes.ShapeModel;
import dev.serialboost.testing.shapes.ValueFiller;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.ObjectStreamClass;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Differential property: for random class hierarchies built with ASM (see {@link ShapeModel}), a round
 * trip through plain JDK serialization of the transformed classes gives the same object graph, static
 * state and serialVersionUIDs as a round trip of the original classes; every serializable level is
 * converted, fields keep their modifiers, and the transformed class files pass ASM's checks.
 *
 * <p>Shapes: 1-5 classes {@code gen.C0 extends gen.C1 ...}, the top 0-2 not serializable (a no-arg
 * constructor that counts instances in a static and stores constants); serializable ones with only
 * {@code C(int)} (the transformer injects {@code C()}), or a trivial {@code C()} (mostly public, sometimes
 * storing constants that reading overwrites or default values) and maybe {@code C(int)}; 0-12 fields of 21
 * types with random modifiers, same names across levels; statics, a few methods, explicit or default
 * serialVersionUIDs (some set in {@code <clinit>}); Serializable declared directly or through an
 * interface; class-file versions 49-61. Values include NaNs, long strings, shared strings and arrays,
 * cycles through the root, extra instances and {@code Object[]}; sometimes the root is a list of them all.
 *
 * <p>Each run checks {@value #DEFAULT_COUNT} shapes ({@code -Dserialboost.shapes.count=N} for more), each drawn
 * by {@link ShapeGenerator} from its own seed: the first from the base seed {@value #DEFAULT_SEED}
 * ({@code -Dserialboost.shapes.seed=S} for another), the others from a {@link SplittableRandom} seeded with it.
 * So CI is reproducible, and a failure names the seed of its shape: rerun just that shape with
 * {@code -Dserialboost.shapes.seed=<seed> -Dserialboost.shapes.count=1}. A last test prints a tally of the
 * transformer's notes and shape features and checks that the interesting transformer paths were reached.
 */
class RandomShapeProperties {

    static final long DEFAULT_SEED = 20261122L;
    static final int DEFAULT_COUNT = 1000;
    static final String SEED_PROPERTY = "serialboost.shapes.seed";
    static final String COUNT_PROPERTY = "serialboost.shapes.count";

    /**
     * Below this many shapes the coverage check is skipped (a rerun of one seed cannot reach every path).
     * With the generator's weights each required note is reached over 150 times per 1,000 shapes.
     */
    static final int COVERAGE_MIN_COUNT = 200;

    /** Note prefixes at least one converted class must get in a run: the transformer paths worth reaching. */
    static final List<String> REQUIRED_NOTES = List.of(
            "final fields stored directly (class-file version ",
            "final fields stored through the serialboost runtime",
            "class-file version raised from ",
            "fields copied as one ");

    private static final String NOTES = "transformer notes (per converted class)";
    private static final String LEVELS = "levels (serializable/total)";
    private static final String LEAF_CONSTRUCTORS = "leaf constructors";
    private static final String FINAL_FIELDS = "a serializable level has final fields";
    private static final String PRIMITIVE_ONLY = "a serializable level has only primitive fields";

    private static final Predicate<String> GENERATED = name -> name.startsWith("gen.");

    @TestFactory
    Stream<DynamicTest> transformedRoundTripEqualsPlainJdk() {
        long baseSeed = longProperty(SEED_PROPERTY, DEFAULT_SEED);
        int count = Math.toIntExact(longProperty(COUNT_PROPERTY, DEFAULT_COUNT));
        assertTrue(count >= 1, COUNT_PROPERTY + " must be at least 1, is " + count);
        long[] seeds = new long[count];
        SplittableRandom seedSource = new SplittableRandom(baseSeed);
        seeds[0] = baseSeed; // so that -Dserialboost.shapes.seed=<a failing seed> -D...count=1 reruns that shape
        for (int i = 1; i < count; i++) {
            seeds[i] = seedSource.nextLong();
        }
        Tally tally = new Tally();
        Stream<DynamicTest> shapes = IntStream.range(0, count).mapToObj(i -> DynamicTest.dynamicTest(
                "shape " + i + " seed " + seeds[i], () -> checkShape(i, count, seeds[i], tally)));
        DynamicTest coverage = DynamicTest.dynamicTest("tally and coverage of " + count + " shapes (base seed "
                + baseSeed + ")", () -> checkCoverage(count, baseSeed, tally));
        return Stream.concat(shapes, Stream.of(coverage));
    }

    private static void checkShape(final int index, final int count, final long seed, final Tally tally) {
        ShapeModel shape = null;
        try {
            shape = ShapeGenerator.shape(seed);
            transformedRoundTripEqualsPlainJdk(shape, tally);
        } catch (Throwable t) {
            tally.failures.add(seed);
            throw new AssertionError("shape " + index + " of " + count + " (seed " + seed + ") fails: " + t
                    + "\nRerun just this shape with: ./mvnw -pl transformer test -Dtest=RandomShapeProperties -D"
                    + SEED_PROPERTY + "=" + seed + " -D" + COUNT_PROPERTY + "=1"
                    + "\nThe shape (seed " + seed + "):" + (shape == null ? " (not generated)" : shape), t);
        }
    }

    private static void checkCoverage(final int count, final long baseSeed, final Tally tally) {
        System.out.println(tally.report("RandomShapeProperties: " + count + " shapes from base seed " + baseSeed));
        assumeTrue(count >= COVERAGE_MIN_COUNT, () -> "coverage is checked from " + COVERAGE_MIN_COUNT
                + " shapes on, this run has " + count);
        List<String> missing = new ArrayList<>();
        for (String prefix : REQUIRED_NOTES) {
            if (tally.rawNotes.keySet().stream().noneMatch(note -> note.startsWith(prefix))) {
                missing.add("no converted class got a note starting with \"" + prefix + "\"");
            }
        }
        for (CtorKind kind : CtorKind.values()) {
            if (tally.count(LEAF_CONSTRUCTORS, kind) == 0) {
                missing.add("no leaf had constructors " + kind);
            }
        }
        for (boolean value : new boolean[] {true, false}) {
            if (tally.count(FINAL_FIELDS, value) == 0 || tally.count(PRIMITIVE_ONLY, value) == 0) {
                missing.add("\"" + FINAL_FIELDS + "\" or \"" + PRIMITIVE_ONLY + "\" was never " + value);
            }
        }
        if (tally.nonSerializableTops == 0) {
            missing.add("no shape had a non-serializable superclass");
        }
        if (!missing.isEmpty()) {
            fail("the generator no longer reaches every path (base seed " + baseSeed + ", " + count
                    + " shapes):\n  " + String.join("\n  ", missing));
        }
    }

    private static long longProperty(final String name, final long defaultValue) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            return Long.decode(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + name + "=" + value + " is not a number", e);
        }
    }

    private static void transformedRoundTripEqualsPlainJdk(final ShapeModel shape, final Tally tally)
            throws Exception {
        collectStatistics(shape, tally);
        Map<String, byte[]> original = ClassBuilder.build(shape);
        BytecodeChecker originalChecker = new BytecodeChecker(original);
        original.forEach((name, bytes) -> assertNoProblems("generated (untransformed) " + name,
                originalChecker.check(bytes)));

        ClassLoader parent = RandomShapeProperties.class.getClassLoader();
        ClassConverter transformer = new ClassConverter(TransformOptions.DEFAULTS);
        ChildFirstLoader plain = ChildFirstLoader.of(parent, GENERATED, original::get, null);
        ChildFirstLoader transformed = ChildFirstLoader.of(parent, GENERATED, original::get, transformer);

        Object plainRoot = ValueFiller.build(shape, plain);
        Object transformedRoot = ValueFiller.build(shape, transformed);

        for (ClassShape level : shape.levels()) {
            Decision decision = transformed.decision(level.name());
            if (level.serializable()) {
                assertTrue(decision.isConverted(), "every serializable level is eligible: " + decision);
                for (String note : decision.notes()) {
                    tally.note(note);
                    tally.collect(NOTES, note.replaceAll("gen\\.C\\d", "gen.C*").replaceAll("\\d+", "N"));
                }
            } else {
                assertEquals(SkipReason.NOT_SERIALIZABLE, decision.reason(), decision.toString());
            }
        }
        Class<?> leaf = Class.forName(shape.leaf().name(), false, transformed);
        assertTrue(Converted.hasBodies(leaf), "the transformed leaf is converted");

        Map<String, byte[]> rewritten = transformAll(transformer, original, parent);
        BytecodeChecker rewrittenChecker = new BytecodeChecker(rewritten);
        for (ClassShape level : shape.levels()) {
            if (level.serializable()) {
                assertNoProblems("transformed " + level.name(), rewrittenChecker.check(rewritten.get(level.name())));
            }
        }

        // Normal construction is unchanged, so both graphs start out the same.
        GraphAssert.assertSameGraph(plainRoot, transformedRoot);

        Object plainCopy = RoundTrip.of(plainRoot, plain);
        Object transformedCopy = RoundTrip.of(transformedRoot, transformed);
        GraphAssert.assertSameGraph(plainCopy, transformedCopy);

        for (ClassShape level : shape.levels()) {
            Class<?> plainClass = Class.forName(level.name(), false, plain);
            Class<?> transformedClass = Class.forName(level.name(), false, transformed);
            GraphAssert.assertSameStatics(plainClass, transformedClass);
            assertSameDeclaredFields(plainClass, transformedClass);
            if (level.serializable()) {
                long expected = ObjectStreamClass.lookup(plainClass).getSerialVersionUID();
                assertEquals(expected, ObjectStreamClass.lookup(transformedClass).getSerialVersionUID(),
                        "serialVersionUID of " + level.name());
                if (level.uid() != null) {
                    assertEquals(level.uid().value(), expected, "explicit serialVersionUID");
                }
            }
        }
    }

    /** The class files as the transformer rewrites them (the originals for skipped classes). */
    private static Map<String, byte[]> transformAll(final ClassConverter transformer,
                                                    final Map<String, byte[]> original, final ClassLoader parent) {
        ClassFileSource platform = ClassFileSource.of(parent);
        ClassHierarchy hierarchy = transformer.newHierarchy(internalName -> {
            String name = internalName.replace('/', '.');
            return GENERATED.test(name) ? original.get(name) : platform.read(internalName);
        });
        Map<String, byte[]> rewritten = new LinkedHashMap<>();
        original.forEach((name, bytes) ->
                rewritten.put(name, transformer.transform(bytes, hierarchy).bytes()
                        .orElse(bytes)));
        return rewritten;
    }

    /** Every field keeps its type and modifiers ({@code final} stays {@code final}); added ones are not checked. */
    private static void assertSameDeclaredFields(final Class<?> plain, final Class<?> transformed) {
        assertEquals(plain.getModifiers(), transformed.getModifiers(), "modifiers of " + plain.getName());
        for (Field f : plain.getDeclaredFields()) {
            Field g;
            try {
                g = transformed.getDeclaredField(f.getName());
            } catch (NoSuchFieldException e) {
                throw new AssertionError("field " + f + " is gone after transformation", e);
            }
            assertEquals(f.getType().getName(), g.getType().getName(), "type of " + f);
            assertEquals(Modifier.toString(f.getModifiers()), Modifier.toString(g.getModifiers()),
                    "modifiers of " + f);
        }
    }

    private static void assertNoProblems(final String what, final List<String> problems) {
        assertTrue(problems.isEmpty(), () -> what + " does not check:\n  " + String.join("\n  ", problems));
    }

    private static void collectStatistics(final ShapeModel shape, final Tally tally) {
        int serializable = shape.serializableCount();
        tally.collect(LEVELS, serializable + "/" + shape.levels().size());
        if (serializable < shape.levels().size()) {
            tally.nonSerializableTops++;
        }
        ClassShape leaf = shape.leaf();
        tally.collect(LEAF_CONSTRUCTORS, leaf.hasNoArgCtor()
                ? leaf.hasIntCtor() ? CtorKind.NO_ARG_AND_INT : CtorKind.NO_ARG : CtorKind.INT_ONLY);
        boolean anyFinal = false;
        boolean anyPrimitiveOnly = false;
        for (int i = 0; i < serializable; i++) {
            List<FieldShape> fields = shape.levels().get(i).fields();
            anyFinal |= fields.stream().anyMatch(f -> f.isFinal() && !f.isTransient());
            anyPrimitiveOnly |= !fields.isEmpty() && fields.stream().allMatch(f -> f.type().isPrimitive());
        }
        tally.collect(FINAL_FIELDS, anyFinal);
        tally.collect(PRIMITIVE_ONLY, anyPrimitiveOnly);
    }

    /** Counts per label and value over a run, printed once at the end. */
    private static final class Tally {

        final Map<String, Map<String, Integer>> counts = new LinkedHashMap<>();
        /** The notes as the transformer wrote them, for the coverage check. */
        final Map<String, Integer> rawNotes = new TreeMap<>();
        final List<Long> failures = new ArrayList<>();
        int nonSerializableTops;

        void collect(final String label, final Object value) {
            counts.computeIfAbsent(label, l -> new TreeMap<>()).merge(String.valueOf(value), 1, Integer::sum);
        }

        void note(final String note) {
            rawNotes.merge(note, 1, Integer::sum);
        }

        int count(final String label, final Object value) {
            return counts.getOrDefault(label, Map.of()).getOrDefault(String.valueOf(value), 0);
        }

        String report(final String title) {
            StringBuilder s = new StringBuilder("\n").append(title).append('\n');
            counts.forEach((label, values) -> {
                int total = values.values().stream().mapToInt(Integer::intValue).sum();
                s.append("[").append(label).append("]\n");
                values.entrySet().stream()
                        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()
                                .thenComparing(Map.Entry.comparingByKey()))
                        .forEach(e -> s.append(String.format("  %-75s %6d (%5.1f%%)%n", e.getKey(), e.getValue(),
                                100.0 * e.getValue() / total)));
            });
            if (!failures.isEmpty()) {
                s.append("failing seeds: ").append(failures).append('\n');
            }
            return s.toString();
        }
    }
}
