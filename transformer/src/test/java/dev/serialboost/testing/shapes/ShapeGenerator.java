package dev.serialboost.testing.shapes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Draws random {@link ShapeModel}s from a {@link Random}: every choice below is made with the weights given
 * here and nothing else, so a seed reproduces its shape exactly (same JDK, same code).
 *
 * <p>Choices: list sizes are uniform between their bounds; {@code frequency} picks a value with probability
 * weight / sum of weights; {@code orNull(60, ...)} is null with probability 60%; {@link #chance(int)} is true
 * with the given probability in percent; integers and enum constants are uniform; longs are
 * {@link Random#nextLong()}.
 */
public final class ShapeGenerator {

    /** Instance field names; a small pool so that same-named fields across levels are common. */
    static final List<String> FIELD_NAMES = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "value",
            "next", "id", "x", "y", "name");

    static final List<String> STATIC_NAMES = List.of("S0", "S1", "S2");

    static final List<Integer> VERSIONS = List.of(49, 50, 51, 52, 53, 55, 61);

    static final List<String> METHOD_NAMES = List.of("m0", "m1");

    /** How often a unique-elements list redraws an element whose key is taken before it gives up. */
    private static final int MAX_REDRAWS = 10_000;

    private final Random random;

    public ShapeGenerator(final Random random) {
        this.random = random;
    }

    /** The shape drawn from {@code new Random(seed)}. */
    public static ShapeModel shape(final long seed) {
        return new ShapeGenerator(new Random(seed)).shape();
    }

    /**
     * 1-5 levels (uniform); the top 0-2 (uniform) not serializable; in 40% of the shapes every level has the
     * same class-file version; 0-3 extra instances (uniform); the root is a list in 30% of the shapes.
     */
    public ShapeModel shape() {
        List<LevelChoices> levels = list(1, 5, this::level);
        int nonSerializableTop = between(0, 2);
        Integer uniformVersion = orNull(60, this::version);
        long valueSeed = random.nextLong();
        int extraInstances = between(0, 3);
        boolean rootInList = chance(30);
        return ShapeModel.of(levels, nonSerializableTop, uniformVersion, valueSeed, extraInstances, rootInList);
    }

    LevelChoices level() {
        int version = version();
        boolean isPublic = frequency(weight(3, true), weight(1, false));
        boolean isFinal = chance(30);
        List<FieldShape> fields = distinctNames(list(0, 12, this::field));
        List<StaticShape> statics = uniqueList(2, this::staticField, StaticShape::name);
        List<MethodShape> methods = uniqueList(2, this::method, MethodShape::name);
        CtorKind ctorKind = ctorKind();
        Access noArgAccess = noArgAccess();
        Access intCtorAccess = oneOf(Access.values());
        Access baseCtorAccess = frequency(weight(4, Access.PUBLIC), weight(4, Access.PROTECTED),
                weight(1, Access.PACKAGE));
        Uid uid = orNull(60, this::uid);
        boolean redeclareSerializable = chance(25);
        boolean serializableViaMarker = chance(20);
        boolean primitiveOnly = chance(20);
        return new LevelChoices(version, isPublic, isFinal, fields, statics, methods, ctorKind, noArgAccess,
                intCtorAccess, baseCtorAccess, uid, redeclareSerializable, serializableViaMarker, primitiveOnly);
    }

    int version() {
        return oneOf(VERSIONS);
    }

    /**
     * The no-arg constructor of a serializable class: mostly public and trivial; otherwise the transformer
     * has to make it public (it only stores constants reading overwrites, see {@link FieldShape}).
     */
    Access noArgAccess() {
        return frequency(weight(6, Access.PUBLIC), weight(1, Access.PROTECTED), weight(1, Access.PACKAGE),
                weight(1, Access.PRIVATE));
    }

    /** A level with only C(int) forces it on every serializable level below: keep the others common. */
    CtorKind ctorKind() {
        return frequency(weight(3, CtorKind.NO_ARG), weight(2, CtorKind.INT_ONLY),
                weight(3, CtorKind.NO_ARG_AND_INT));
    }

    Uid uid() {
        long value = random.nextLong();
        Access access = frequency(weight(6, Access.PRIVATE), weight(1, Access.PUBLIC), weight(1, Access.PACKAGE),
                weight(1, Access.PROTECTED));
        boolean viaClinit = chance(20);
        return new Uid(value, access, viaClinit);
    }

    MethodShape method() {
        String name = oneOf(METHOD_NAMES);
        MethodShape.Signature signature = oneOf(MethodShape.Signature.values());
        Access access = oneOf(Access.values());
        boolean isStatic = chance(30);
        boolean isFinal = chance(20);
        boolean isSynchronized = chance(20);
        return new MethodShape(name, signature, access, isStatic, isFinal, isSynchronized);
    }

    FieldShape field() {
        String name = oneOf(FIELD_NAMES);
        FieldType type = oneOf(FieldType.values());
        Access access = oneOf(Access.values());
        boolean isFinal = chance(30);
        boolean isTransient = chance(25);
        boolean isVolatile = chance(15);
        boolean assignInCtor = chance(40);
        boolean storeInNoArg = chance(25);
        int constant = between(0, 1000);
        return new FieldShape(name, type, access, isFinal, isTransient, isVolatile, assignInCtor, storeInNoArg,
                constant);
    }

    StaticShape staticField() {
        String name = oneOf(STATIC_NAMES);
        StaticShape.Kind kind = oneOf(StaticShape.Kind.values());
        Access access = oneOf(Access.values());
        boolean isFinal = chance(50);
        boolean initialized = chance(60);
        int constant = between(0, 1000);
        return new StaticShape(name, kind, access, isFinal, initialized, constant);
    }

    /** The fields, a name already taken replaced by the next free one in the pool. */
    static List<FieldShape> distinctNames(final List<FieldShape> all) {
        Set<String> names = new HashSet<>();
        List<FieldShape> fields = new ArrayList<>();
        for (FieldShape f : all) {
            String name = f.name();
            for (int i = FIELD_NAMES.indexOf(name); !names.add(name); i++) {
                name = FIELD_NAMES.get((i + 1) % FIELD_NAMES.size());
            }
            fields.add(name.equals(f.name()) ? f : f.withName(name));
        }
        return fields;
    }

    // --- the primitive choices -------------------------------------------------------------------------------

    /** True with probability {@code percent} / 100. */
    boolean chance(final int percent) {
        return random.nextInt(100) < percent;
    }

    /** Uniform in {@code [min, max]}. */
    int between(final int min, final int max) {
        return min + random.nextInt(max - min + 1);
    }

    <T> T oneOf(final List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    <T> T oneOf(final T[] values) {
        return values[random.nextInt(values.length)];
    }

    /** Null with probability {@code nullPercent} / 100, otherwise a value of {@code element}. */
    <T> T orNull(final int nullPercent, final Supplier<T> element) {
        return chance(nullPercent) ? null : element.get();
    }

    /** A list of uniform size in {@code [minSize, maxSize]}, the elements drawn independently. */
    <T> List<T> list(final int minSize, final int maxSize, final Supplier<T> element) {
        int size = between(minSize, maxSize);
        List<T> list = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            list.add(element.get());
        }
        return list;
    }

    /**
     * A list of uniform size in {@code [0, maxSize]} whose elements have distinct keys: an element whose key
     * is taken is drawn again (so the list is distributed as independent draws conditioned on distinct keys).
     */
    <T, K> List<T> uniqueList(final int maxSize, final Supplier<T> element, final Function<T, K> key) {
        int size = between(0, maxSize);
        List<T> list = new ArrayList<>(size);
        Set<K> keys = new HashSet<>();
        while (list.size() < size) {
            T next = element.get();
            for (int redraws = 0; !keys.add(key.apply(next)); redraws++) {
                if (redraws == MAX_REDRAWS) {
                    throw new IllegalStateException("no element with a new key after " + MAX_REDRAWS + " draws");
                }
                next = element.get();
            }
            list.add(next);
        }
        return list;
    }

    /** One of the values, each with probability its weight / the sum of the weights. */
    @SafeVarargs
    final <T> T frequency(final Weighted<T>... choices) {
        int total = 0;
        for (Weighted<T> c : choices) {
            total += c.weight();
        }
        int r = random.nextInt(total);
        for (Weighted<T> c : choices) {
            r -= c.weight();
            if (r < 0) {
                return c.value();
            }
        }
        throw new IllegalStateException("unreachable");
    }

    static <T> Weighted<T> weight(final int weight, final T value) {
        return new Weighted<>(weight, value);
    }

    record Weighted<T>(int weight, T value) {
    }
}
