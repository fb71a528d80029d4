package dev.serialboost.bench;

import dev.serialboost.bench.model.Employee;
import dev.serialboost.bench.model.MarketData;
import dev.serialboost.bench.model.Order;
import dev.serialboost.bench.model.Sample;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The four object shapes of DESIGN.md and the deterministic data every benchmark, test and size probe uses:
 * {@link #one} is the object of the one-per-stream pattern, {@link #batch} the {@value #BATCH} objects of the
 * journal pattern. The same seed gives the same values in every form and every JVM.
 */
public enum Workload {
    /** 2 longs + 16 doubles: the all-primitive class, copied as one bulk record by the agent. */
    MarketData(MarketData.class, false) {
        @Override
        Object[] make(final Form form, final int count) {
            SplittableRandom random = new SplittableRandom(SEED);
            Object[] out = new Object[count];
            for (int i = 0; i < count; i++) {
                out[i] = form.marketData(1_000_000 + random.nextInt(5_000), 1_700_000_000_000L + i * 137L,
                        random.nextInt(1, 10_000), 100 + random.nextInt(10_000) / 100.0);
            }
            return out;
        }
    },
    /** Strings, a Date, a boxed Double, a supervisor chain (staff, 20 managers, one head) and a phone list. */
    Employee(Employee.class, true) {
        @Override
        Object[] make(final Form form, final int count) {
            SplittableRandom random = new SplittableRandom(SEED);
            Object head = employee(form, random, 0, null);
            Object[] managers = new Object[MANAGERS];
            for (int m = 0; m < MANAGERS; m++) {
                managers[m] = employee(form, random, 1 + m, head);
            }
            Object[] out = new Object[count];
            for (int i = 0; i < count; i++) {
                out[i] = employee(form, random, 1 + MANAGERS + i, managers[i % MANAGERS]);
            }
            return out;
        }
    },
    /** Final fields, no no-arg constructor, two ten-element primitive arrays. */
    Order(Order.class, false) {
        @Override
        Object[] make(final Form form, final int count) {
            SplittableRandom random = new SplittableRandom(SEED);
            Object[] out = new Object[count];
            for (int i = 0; i < count; i++) {
                double[] prices = new double[ORDER_LEGS];
                long[] quantities = new long[ORDER_LEGS];
                for (int l = 0; l < ORDER_LEGS; l++) {
                    prices[l] = 50 + random.nextInt(100_000) / 1000.0;
                    quantities[l] = random.nextLong(1, 1_000_000);
                }
                out[i] = form.order(random.nextLong(1, Long.MAX_VALUE), i % 7 == 0, random.nextInt(),
                        random.nextInt(10), prices, quantities);
            }
            return out;
        }
    },
    /** Two 3,000-element primitive arrays, a boxed Short and a self-reference. */
    Sample(Sample.class, true) {
        @Override
        Object[] make(final Form form, final int count) {
            SplittableRandom random = new SplittableRandom(SEED);
            Object[] out = new Object[count];
            for (int i = 0; i < count; i++) {
                long[] longs = new long[SAMPLE_LENGTH];
                double[] doubles = new double[SAMPLE_LENGTH];
                for (int k = 0; k < SAMPLE_LENGTH; k++) {
                    longs[k] = random.nextLong();
                    doubles[k] = random.nextDouble();
                }
                out[i] = form.sample(random.nextInt(), (float) random.nextDouble(), (short) random.nextInt(),
                        longs, doubles);
            }
            return out;
        }
    };

    /** Objects in one stream in the journal pattern. */
    public static final int BATCH = 1000;
    static final long SEED = 20_261_122L;
    static final int MANAGERS = 20;
    // the constants' names shadow the model classes' in expressions here
    private static final int ORDER_LEGS = dev.serialboost.bench.model.Order.LEGS;
    private static final int SAMPLE_LENGTH = dev.serialboost.bench.model.Sample.LENGTH;
    private static final String[] DEPARTMENTS = {"Trading", "Risk", "Operations", "Technology", "Compliance"};
    private static final String[] POSITIONS = {"Analyst", "Associate", "Vice President", "Director", "Head"};

    private final Class<?> modelClass;
    private final boolean sharedReferences;

    Workload(final Class<?> modelClass, final boolean sharedReferences) {
        this.modelClass = modelClass;
        this.sharedReferences = sharedReferences;
    }

    /** The plain Serializable class of this workload. */
    public Class<?> modelClass() {
        return modelClass;
    }

    /**
     * Whether the graph needs reference tracking to come back right (a cycle, or objects reachable twice):
     * Kryo and Fory are set up with it on for these workloads only, as their docs advise.
     */
    public boolean sharedReferences() {
        return sharedReferences;
    }

    /** The object written in the one-per-stream pattern. */
    public Object one(final Form form) {
        return make(form, 1)[0];
    }

    /** The {@value #BATCH} objects written to one stream in the journal pattern. */
    public Object[] batch(final Form form) {
        return make(form, BATCH);
    }

    abstract Object[] make(Form form, int count);

    private static Object employee(final Form form, final SplittableRandom random, final int n, final Object boss) {
        List<String> phones = new ArrayList<>(2);
        phones.add(String.format("+44 20 7%03d %04d", random.nextInt(1000), random.nextInt(10_000)));
        phones.add(String.format("+44 7700 %06d", random.nextInt(1_000_000)));
        return form.employee("First" + n, "Last" + Integer.toString(random.nextInt(1 << 20), 36),
                String.format("%03d-%02d-%04d", random.nextInt(1000), random.nextInt(100), random.nextInt(10_000)),
                DEPARTMENTS[n % DEPARTMENTS.length], POSITIONS[boss == null ? 4 : n <= MANAGERS ? 3 : n % 3],
                new Date(1_400_000_000_000L + random.nextLong(300_000_000_000L)),
                40_000 + random.nextInt(200_000) / 100.0 * 100, boss, phones);
    }
}
