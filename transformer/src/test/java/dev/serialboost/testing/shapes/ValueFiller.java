package dev.serialboost.testing.shapes;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Builds the object graph of a {@link ShapeModel} in one class loader: the leaf instance (the root) plus
 * {@code extraInstances} instances of random serializable levels, every non-static field of every level
 * set from a {@link Random} seeded with {@code valueSeed}. Reference fields may point to the root (a
 * cycle), another instance, a shared string or array, or null. Everything depends only on the model, so
 * two loaders (plain and transformed) get the same graph.
 */
public final class ValueFiller {

    private final ShapeModel model;
    private final Class<?>[] classes;
    private final Random random;
    private final List<Object> instances = new ArrayList<>();
    private final List<Integer> instanceLevels = new ArrayList<>();
    private final List<String> strings = new ArrayList<>();
    private final Map<FieldType, List<Object>> arrays = new EnumMap<>(FieldType.class);

    private ValueFiller(final ShapeModel model, final ClassLoader loader) throws ClassNotFoundException {
        this.model = model;
        this.classes = new Class<?>[model.levels().size()];
        for (ClassShape c : model.levels()) {
            classes[c.index()] = Class.forName(c.name(), true, loader);
        }
        this.random = new Random(model.valueSeed());
    }

    /**
     * The root: an instance of the leaf class {@code gen.C0} loaded by {@code loader}, filled; or, when
     * {@link ShapeModel#rootInList()}, an {@code ArrayList} of it and the extra instances.
     */
    public static Object build(final ShapeModel model, final ClassLoader loader) throws ReflectiveOperationException {
        return new ValueFiller(model, loader).build();
    }

    private Object build() throws ReflectiveOperationException {
        instantiate(0);
        int serializable = model.serializableCount();
        for (int i = 0; i < model.extraInstances(); i++) {
            instantiate(random.nextInt(serializable));
        }
        for (int i = 0; i < instances.size(); i++) {
            fill(instances.get(i), instanceLevels.get(i));
        }
        return model.rootInList() ? new ArrayList<>(instances) : instances.get(0);
    }

    private void instantiate(final int level) throws ReflectiveOperationException {
        ClassShape shape = model.levels().get(level);
        boolean noArg = shape.hasNoArgCtor() && (!shape.hasIntCtor() || random.nextBoolean());
        Constructor<?> ctor = noArg ? classes[level].getDeclaredConstructor()
                : classes[level].getDeclaredConstructor(int.class);
        ctor.setAccessible(true);
        instances.add(noArg ? ctor.newInstance() : ctor.newInstance(random.nextInt(100)));
        instanceLevels.add(level);
    }

    private void fill(final Object target, final int fromLevel) throws ReflectiveOperationException {
        for (int j = fromLevel; j < classes.length; j++) {
            for (FieldShape f : model.levels().get(j).fields()) {
                Field field = classes[j].getDeclaredField(f.name());
                field.setAccessible(true);
                set(field, target, f.type(), j);
            }
        }
    }

    private void set(final Field field, final Object target, final FieldType type, final int level)
            throws IllegalAccessException {
        switch (type) {
            case BOOLEAN -> field.setBoolean(target, random.nextBoolean());
            case BYTE -> field.setByte(target, (byte) anInt());
            case CHAR -> field.setChar(target, aChar());
            case SHORT -> field.setShort(target, (short) anInt());
            case INT -> field.setInt(target, anInt());
            case LONG -> field.setLong(target, aLong());
            case FLOAT -> field.setFloat(target, aFloat());
            case DOUBLE -> field.setDouble(target, aDouble());
            default -> field.set(target, reference(type, level));
        }
    }

    private Object reference(final FieldType type, final int level) {
        if (random.nextInt(8) == 0) {
            return null;
        }
        return switch (type) {
            case STRING -> aString();
            case BOXED_INTEGER -> Integer.valueOf(anInt());
            case BOXED_LONG -> Long.valueOf(aLong());
            case BOXED_DOUBLE -> Double.valueOf(aDouble());
            case BOXED_CHARACTER -> Character.valueOf(aChar());
            case BOXED_BOOLEAN -> Boolean.valueOf(random.nextBoolean());
            case INT_ARRAY, LONG_ARRAY, DOUBLE_ARRAY, BYTE_ARRAY, STRING_ARRAY -> anArray(type);
            case OBJECT -> switch (random.nextInt(5)) {
                case 0 -> aString();
                case 1 -> anArray(FieldType.LONG_ARRAY);
                case 2 -> {
                    Object[] mixed = new Object[random.nextInt(4)];
                    for (int i = 0; i < mixed.length; i++) {
                        mixed[i] = random.nextBoolean() ? anInstance(classes.length - 1) : aString();
                    }
                    yield mixed;
                }
                default -> anInstance(classes.length - 1);
            };
            case SELF -> anInstance(level);
            default -> throw new IllegalArgumentException(type.name());
        };
    }

    /** An instance assignable to level {@code level}: one of a class at that level or below (a subclass). */
    private Object anInstance(final int level) {
        List<Object> candidates = new ArrayList<>();
        for (int i = 0; i < instances.size(); i++) {
            if (instanceLevels.get(i) <= level) {
                candidates.add(instances.get(i));
            }
        }
        return candidates.isEmpty() ? null : candidates.get(random.nextInt(candidates.size()));
    }

    private Object anArray(final FieldType type) {
        List<Object> seen = arrays.computeIfAbsent(type, t -> new ArrayList<>());
        if (!seen.isEmpty() && random.nextInt(5) == 0) {
            return seen.get(random.nextInt(seen.size())); // shared
        }
        int length = random.nextInt(10) == 0 ? 100 + random.nextInt(400) : random.nextInt(6);
        Object array;
        switch (type) {
            case INT_ARRAY -> {
                int[] a = new int[length];
                for (int i = 0; i < length; i++) {
                    a[i] = anInt();
                }
                array = a;
            }
            case LONG_ARRAY -> {
                long[] a = new long[length];
                for (int i = 0; i < length; i++) {
                    a[i] = aLong();
                }
                array = a;
            }
            case DOUBLE_ARRAY -> {
                double[] a = new double[length];
                for (int i = 0; i < length; i++) {
                    a[i] = aDouble();
                }
                array = a;
            }
            case BYTE_ARRAY -> {
                byte[] a = new byte[length];
                random.nextBytes(a);
                array = a;
            }
            case STRING_ARRAY -> {
                String[] a = new String[Math.min(length, 8)];
                for (int i = 0; i < a.length; i++) {
                    a[i] = random.nextInt(6) == 0 ? null : aString();
                }
                array = a;
            }
            default -> throw new IllegalArgumentException(type.name());
        }
        seen.add(array);
        return array;
    }

    private String aString() {
        int roll = random.nextInt(100);
        if (roll < 20 && !strings.isEmpty()) {
            return strings.get(random.nextInt(strings.size())); // the same instance again
        }
        StringBuilder s = new StringBuilder();
        if (roll < 22) {
            // longer than writeUTF can take (65535 bytes of modified UTF-8)
            char c = (char) ('a' + random.nextInt(26));
            s.append(String.valueOf(c).repeat(70_000));
        } else {
            int length = random.nextInt(13);
            for (int i = 0; i < length; i++) {
                int kind = random.nextInt(10);
                s.append(kind < 7 ? (char) (' ' + random.nextInt(95)) : kind < 9 ? (char) random.nextInt(0x10000)
                        : '\0');
            }
        }
        String string = new String(s); // a fresh instance, never an interned literal
        strings.add(string);
        return string;
    }

    private int anInt() {
        return switch (random.nextInt(6)) {
            case 0 -> 0;
            case 1 -> random.nextInt(256) - 128; // small, boxes to cached Integers
            case 2 -> random.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE;
            default -> random.nextInt();
        };
    }

    private long aLong() {
        return switch (random.nextInt(6)) {
            case 0 -> 0L;
            case 1 -> random.nextInt(256) - 128;
            case 2 -> random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
            default -> random.nextLong();
        };
    }

    private char aChar() {
        return switch (random.nextInt(4)) {
            case 0 -> (char) ('a' + random.nextInt(26));
            case 1 -> random.nextBoolean() ? '\0' : '\uffff';
            default -> (char) random.nextInt(0x10000);
        };
    }

    private float aFloat() {
        return switch (random.nextInt(8)) {
            case 0 -> 0f;
            case 1 -> -0f;
            case 2 -> Float.NaN;
            case 3 -> random.nextBoolean() ? Float.POSITIVE_INFINITY : Float.MIN_VALUE;
            case 4 -> random.nextFloat() * 1000 - 500;
            default -> Float.intBitsToFloat(random.nextInt());
        };
    }

    private double aDouble() {
        return switch (random.nextInt(8)) {
            case 0 -> 0d;
            case 1 -> -0d;
            case 2 -> Double.NaN;
            case 3 -> random.nextBoolean() ? Double.NEGATIVE_INFINITY : Double.MIN_VALUE;
            case 4 -> random.nextDouble() * 1000 - 500;
            default -> Double.longBitsToDouble(random.nextLong());
        };
    }
}
