package dev.serialboost.bench;

import dev.serialboost.bench.model.Address;
import dev.serialboost.bench.model.ChainNode;
import dev.serialboost.bench.model.Customer;
import dev.serialboost.bench.model.CustomerOrder;
import dev.serialboost.bench.model.Employee;
import dev.serialboost.bench.model.MarketData;
import dev.serialboost.bench.model.Order;
import dev.serialboost.bench.model.OrderLine;
import dev.serialboost.bench.model.OrderStatus;
import dev.serialboost.bench.model.Position;
import dev.serialboost.bench.model.Sample;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The object shapes of DESIGN.md and the deterministic data every benchmark, test and size probe uses:
 * {@link #one} is the object of the one-per-stream pattern, {@link #batch} the {@value #BATCH} objects of the
 * journal pattern. The same seed gives the same values in every form and every JVM.
 */
public enum Workload {
    /** 2 longs + 16 doubles: the all-primitive class, copied as one bulk record by the agent. */
    MarketData(MarketData.class, false, true) {
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
    Employee(Employee.class, true, true) {
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
    Order(Order.class, false, true) {
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
    Sample(Sample.class, true, true) {
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
    },
    /**
     * The business graph: an order, its customer and addresses (shared: {@value #CUSTOMERS} customers across a
     * journal, billing = shipping address for most), 3 to 5 lines with {@code BigDecimal} prices pointing back at
     * the order, a {@code LocalDate}, an enum and a {@code HashMap} of 4 attributes. No hand-written twin.
     */
    CustomerOrder(CustomerOrder.class, true, false) {
        @Override
        Object[] make(final Form form, final int count) {
            if (form != Form.SERIALIZABLE) {
                throw new IllegalArgumentException("CustomerOrder has no " + form + " form");
            }
            SplittableRandom random = new SplittableRandom(SEED);
            Customer[] customers = new Customer[Math.min(count, CUSTOMERS)];
            for (int c = 0; c < customers.length; c++) {
                Address billing = address(random, c);
                Address shipping = c % 3 == 0 ? address(random, c + 1) : billing;
                customers[c] = new Customer(10_000 + c, "Customer " + Integer.toString(random.nextInt(1 << 24), 36),
                        "buyer" + c + "@example.com", billing, shipping);
            }
            Object[] out = new Object[count];
            for (int i = 0; i < count; i++) {
                dev.serialboost.bench.model.CustomerOrder order = new dev.serialboost.bench.model.CustomerOrder(
                        5_000_000L + i, LocalDate.of(2026, 1, 1).plusDays(random.nextInt(365)),
                        STATUSES[random.nextInt(STATUSES.length)], customers[i % customers.length]);
                int lines = 3 + i % 3;
                for (int l = 1; l <= lines; l++) {
                    order.lines().add(new OrderLine(order, l, "SKU-" + (100_000 + random.nextInt(900_000)),
                            1 + random.nextInt(20), BigDecimal.valueOf(100 + random.nextInt(100_000), 2),
                            BigDecimal.valueOf(random.nextInt(4) * 5L, 2)));
                }
                Map<String, String> attributes = order.attributes();
                attributes.put("channel", CHANNELS[random.nextInt(CHANNELS.length)]);
                attributes.put("currency", CURRENCIES[random.nextInt(CURRENCIES.length)]);
                attributes.put("salesRep", "rep-" + random.nextInt(50));
                attributes.put("giftWrap", Boolean.toString(random.nextInt(10) == 0));
                out[i] = order;
            }
            return out;
        }
    },
    /**
     * A class with its own {@code writeObject}/{@code readObject} around {@code defaultWriteObject}/{@code
     * defaultReadObject}: 2 Strings (the account shared by many positions), a long, 2 doubles and a Date, then a
     * checksum written after the default part. No hand-written twin.
     */
    Position(Position.class, false, false) {
        @Override
        Object[] make(final Form form, final int count) {
            if (form != Form.SERIALIZABLE) {
                throw new IllegalArgumentException("Position has no " + form + " form");
            }
            SplittableRandom random = new SplittableRandom(SEED);
            Object[] out = new Object[count];
            for (int i = 0; i < count; i++) {
                out[i] = new dev.serialboost.bench.model.Position(ACCOUNTS[i % ACCOUNTS.length],
                        "SYM" + random.nextInt(500), random.nextLong(1, 1_000_000), random.nextInt(1, 100_000) / 100.0,
                        random.nextInt(1, 100_000) / 100.0, new Date(1_700_000_000_000L + i * 60_000L));
            }
            return out;
        }
    },
    /**
     * A linked chain of {@value #CHAIN_LENGTH} nodes, each with an int and a short String: the deep graph the JDK
     * writes and reads one recursion level a node. The one-per-stream pattern writes one chain, the journal pattern
     * {@value #BATCH} chains. No hand-written twin.
     */
    Chain(ChainNode.class, false, false) {
        @Override
        Object[] make(final Form form, final int count) {
            if (form != Form.SERIALIZABLE) {
                throw new IllegalArgumentException("Chain has no " + form + " form");
            }
            SplittableRandom random = new SplittableRandom(SEED);
            Object[] out = new Object[count];
            for (int i = 0; i < count; i++) {
                ChainNode next = null;
                for (int n = CHAIN_LENGTH - 1; n >= 0; n--) {
                    next = new ChainNode(n, "event-" + Integer.toString(random.nextInt(1 << 20), 36), next);
                }
                out[i] = next;
            }
            return out;
        }
    };

    /** Objects in one stream in the journal pattern. */
    public static final int BATCH = 1000;
    static final long SEED = 20_261_122L;
    static final int MANAGERS = 20;
    static final int CUSTOMERS = 100;
    /** Nodes of one {@link #Chain}. */
    static final int CHAIN_LENGTH = 200;
    // the constants' names shadow the model classes' in expressions here
    private static final int ORDER_LEGS = dev.serialboost.bench.model.Order.LEGS;
    private static final int SAMPLE_LENGTH = dev.serialboost.bench.model.Sample.LENGTH;
    private static final String[] DEPARTMENTS = {"Trading", "Risk", "Operations", "Technology", "Compliance"};
    private static final String[] POSITIONS = {"Analyst", "Associate", "Vice President", "Director", "Head"};
    private static final OrderStatus[] STATUSES = OrderStatus.values();
    private static final String[] CHANNELS = {"web", "mobile", "phone", "partner"};
    private static final String[] CURRENCIES = {"EUR", "GBP", "USD", "CHF"};
    private static final String[] ACCOUNTS = {"ACC-1001", "ACC-1002", "ACC-2001", "ACC-3001"};
    private static final String[] CITIES = {"London", "Leeds", "Bristol", "Manchester", "Glasgow", "Cardiff"};

    private final Class<?> modelClass;
    private final boolean sharedReferences;
    private final boolean handWritten;

    Workload(final Class<?> modelClass, final boolean sharedReferences, final boolean handWritten) {
        this.modelClass = modelClass;
        this.sharedReferences = sharedReferences;
        this.handWritten = handWritten;
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

    /** Whether the workload has a hand-written {@code Externalizable} twin ({@link Form#HANDWRITTEN}). */
    public boolean handWritten() {
        return handWritten;
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

    private static Address address(final SplittableRandom random, final int n) {
        return new Address((1 + random.nextInt(200)) + " High Street", CITIES[n % CITIES.length],
                "AB" + (1 + random.nextInt(99)) + " " + random.nextInt(10) + "XY", "United Kingdom");
    }

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
