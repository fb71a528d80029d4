package dev.serialboost.it.engine;

import dev.serialboost.corpus.workloads.Fixtures.EmployeeCase;
import dev.serialboost.corpus.workloads.Fixtures.MarketDataCase;
import dev.serialboost.corpus.workloads.Fixtures.OrderCase;
import dev.serialboost.corpus.workloads.Fixtures.SampleCase;
import dev.serialboost.it.engine.model.BusinessException;
import dev.serialboost.it.engine.model.ByLength;
import dev.serialboost.it.engine.model.FieldShapes;
import dev.serialboost.it.engine.model.JdkSubclasses;
import dev.serialboost.it.engine.model.NamedHandler;
import dev.serialboost.it.engine.model.OrderStatus;
import dev.serialboost.it.engine.model.Planet;
import dev.serialboost.it.engine.model.Point;
import dev.serialboost.it.engine.model.PurchaseOrder;
import dev.serialboost.it.engine.model.Segment;

import java.io.File;
import java.io.IOException;
import java.io.ObjectStreamClass;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.GregorianCalendar;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Stack;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * What the engine tests write: JDK classes of every serialization style (plain fields, {@code writeObject} with
 * put-fields, {@code writeReplace} to an {@code Externalizable} proxy, enums, records, proxies, arrays, class
 * objects), DESIGN.md's workloads and business graph. Every subject is built fresh by its supplier and is
 * deterministic: no clock, no randomness, no identity hash codes in hashed collections.
 */
public final class Subjects {

    /** One thing to write, built fresh on every call of {@code make}. */
    public record Subject(String label, Supplier<Object> make) {
    }

    private Subjects() {
    }

    /** Every subject, JDK classes first. */
    public static List<Subject> all() {
        List<Subject> all = new ArrayList<>(jdk());
        all.addAll(ours());
        return all;
    }

    /** JDK classes. */
    public static List<Subject> jdk() {
        List<Subject> s = new ArrayList<>();
        s.add(new Subject("string", () -> "h\u00e9llo w\u00f6rld \u2713 \ud83d\ude00"));
        s.add(new Subject("string-empty", () -> ""));
        // more than 65535 bytes of modified UTF-8: written as a long string
        s.add(new Subject("string-long", () -> "\u00e9" + "0123456789abcdef".repeat(4100) + "\u2713"));
        // one byte per character in the JDK (Latin-1): zero and 0x80-0xFF are two bytes of modified UTF-8 each
        s.add(new Subject("string-latin1", () -> "caf\u00e9 \u0000 na\u00efve \u00ff\u0080\u007f\u0001"));
        s.add(new Subject("string-latin1-long", () -> "\u00e9\u0000".repeat(11_000) + "ascii".repeat(100)));
        s.add(new Subject("string-ascii-long", () -> "0123456789abcdef".repeat(4100)));
        s.add(new Subject("date", () -> new Date(1_700_000_000_123L)));
        s.add(new Subject("bigdecimal", () -> new BigDecimal("-12345678901234567890.000000001")));
        s.add(new Subject("bigdecimal-scale", () -> new BigDecimal(BigInteger.valueOf(42), -7)));
        s.add(new Subject("biginteger", () -> BigInteger.TWO.pow(300).subtract(BigInteger.TEN)));
        s.add(new Subject("arraylist", () -> new ArrayList<>(Arrays.asList("a", 1, 2L, null, 'c', "swap-me", 3.5))));
        s.add(new Subject("hashmap", () -> {
            Map<String, Object> m = new HashMap<>();
            for (int i = 0; i < 20; i++) {
                m.put("k" + i, i % 3 == 0 ? null : i);
            }
            return m;
        }));
        s.add(new Subject("linkedhashmap-access-order", () -> {
            LinkedHashMap<String, Integer> m = new LinkedHashMap<>(16, 0.75f, true);
            m.put("z", 1);
            m.put("a", 2);
            m.put("m", 3);
            m.get("z");
            return m;
        }));
        s.add(new Subject("treemap-comparator", () -> {
            TreeMap<String, Integer> m = new TreeMap<>(new ByLength(true));
            for (String k : List.of("pear", "fig", "banana", "kiwi", "apple")) {
                m.put(k, k.length());
            }
            return m;
        }));
        s.add(new Subject("treeset", () -> new TreeSet<>(List.of("b", "a", "c"))));
        s.add(new Subject("enummap", () -> {
            EnumMap<OrderStatus, String> m = new EnumMap<>(OrderStatus.class);
            m.put(OrderStatus.PAID, "paid");
            m.put(OrderStatus.NEW, "new");
            return m;
        }));
        s.add(new Subject("enumset", () -> EnumSet.of(TimeUnit.SECONDS, TimeUnit.DAYS)));
        s.add(new Subject("enumset-ours", () -> EnumSet.complementOf(EnumSet.of(OrderStatus.PAID))));
        s.add(new Subject("localdate", () -> LocalDate.of(2024, 2, 29)));
        s.add(new Subject("instant", () -> Instant.ofEpochSecond(1_700_000_000L, 123_456_789)));
        s.add(new Subject("duration", () -> Duration.ofSeconds(-90_061, 5)));
        s.add(new Subject("zoneddatetime", () -> ZonedDateTime.of(LocalDateTime.of(2024, 3, 31, 2, 30),
                ZoneId.of("Europe/Paris"))));
        s.add(new Subject("uuid", () -> new UUID(0x0123456789abcdefL, 0xfedcba9876543210L)));
        s.add(new Subject("uri", () -> URI.create("https://user@example.com:8443/a/b?q=%20x#frag")));
        s.add(new Subject("file", () -> new File("some/relative/path.txt")));
        s.add(new Subject("locale", () -> Locale.CANADA_FRENCH));
        s.add(new Subject("pattern", () -> Pattern.compile("a+(b|c)*", Pattern.CASE_INSENSITIVE)));
        s.add(new Subject("boxes", () -> new Object[] {Integer.MIN_VALUE, Long.MAX_VALUE, Double.NaN, -0.0,
            (short) -7, 'x', Boolean.TRUE, (byte) -128, 1.5f, Float.intBitsToFloat(0x7fc00001)}));
        s.add(new Subject("integer", () -> 42));
        s.add(new Subject("fields-unshared", () -> new FieldShapes.Unshared(3, "u")));
        s.add(new Subject("fields-five-references", () -> new FieldShapes.FiveReferences(5)));
        s.add(new Subject("fields-six-references", () -> new FieldShapes.SixReferences(7, "shared")));
        s.add(new Subject("fields-snapshot", FieldShapes.Snapshot::new));
        s.add(new Subject("fields-set-late", () -> new FieldShapes.LateFields(42)));
        s.add(new Subject("classes", () -> new Object[] {String.class, int.class, void.class, String[][].class,
            long[].class, PurchaseOrder.class, Planet.class, Point.class, Runnable.class}));
        s.add(new Subject("objectstreamclass", () -> ObjectStreamClass.lookup(PurchaseOrder.class)));
        s.add(new Subject("throwable", Subjects::throwable));
        s.add(new Subject("business-exception", () -> traced(new BusinessException("declined", "E42",
                traced(new IllegalArgumentException("amount"))))));
        s.add(new Subject("enum-jdk", () -> TimeUnit.MILLISECONDS));
        s.add(new Subject("enum-with-bodies", () -> new Object[] {Planet.MERCURY, Planet.EARTH, Planet.PLUTO,
            Planet.MERCURY}));
        s.add(new Subject("enum-array", () -> OrderStatus.values()));
        s.add(new Subject("record", () -> new Point(3, -4)));
        s.add(new Subject("record-nested", () -> {
            Point shared = new Point(1, 1);
            return new Segment(shared, new Point(9, 9), null, new ArrayList<>(List.of(shared, new Point(5, 5))));
        }));
        s.add(new Subject("proxy", () -> NamedHandler.greeter("ada", 1, "two", new Point(3, 3))));
        s.add(new Subject("proxy-package-private", () -> NamedHandler.secret("grace")));
        s.add(new Subject("primitive-arrays", () -> new Object[] {new int[] {1, -1, Integer.MAX_VALUE},
            new long[] {Long.MIN_VALUE, 0}, new byte[] {1, 2, 3}, new char[] {'a', '\uffff'},
            new boolean[] {true, false}, new double[] {Double.MIN_VALUE, Double.NaN}, new float[] {-0.0f},
            new short[] {Short.MIN_VALUE}, new int[0]}));
        s.add(new Subject("int-array", () -> new int[] {5, 4, 3, 2, 1}));
        s.add(new Subject("big-primitive-arrays", Subjects::bigPrimitiveArrays));
        s.add(new Subject("object-arrays", () -> {
            Object[] self = new Object[3];
            self[0] = self;
            self[1] = "x";
            return new Object[] {new String[] {"a", null, "a"}, self, new Point[] {new Point(1, 2), null},
                new Number[] {1, 2L, BigDecimal.ONE}};
        }));
        s.add(new Subject("multi-dim-arrays", () -> {
            int[] row = {1, 2, 3};
            return new Object[] {new int[][] {row, {}, null, row}, new String[2][3][1], new long[2][2],
                new Object[][] {{"a"}, {row}}};
        }));
        s.add(new Subject("collections", () -> {
            List<Object> all = new ArrayList<>();
            all.add(new LinkedList<>(List.of(1, 2, 3)));
            all.add(new ArrayDeque<>(List.of("x", "y")));
            all.add(new HashSet<>(List.of("p", "q", "r")));
            all.add(new LinkedHashSet<>(List.of("r", "q", "p")));
            all.add(new Vector<>(List.of(1, 2)));
            all.add(new Hashtable<>(Map.of("t", 1)));
            all.add(new ConcurrentHashMap<>(Map.of("c", 1, "d", 2)));
            all.add(List.of(1, 2, 3));
            all.add(Map.of("only", "one"));
            all.add(Collections.unmodifiableList(new ArrayList<>(List.of("u"))));
            all.add(Collections.synchronizedMap(new TreeMap<>(Map.of("s", 1))));
            all.add(Collections.emptyList());
            all.add(Collections.singletonList("single"));
            all.add(Arrays.asList("as", "list"));
            return all;
        }));
        s.add(new Subject("subclass-list", () -> new JdkSubclasses.TaggedList("tagged", List.of("a", 2, "c"))));
        s.add(new Subject("subclass-map-put", () -> {
            JdkSubclasses.CountingMap m = new JdkSubclasses.CountingMap();
            for (int i = 0; i < 12; i++) {
                m.put("k" + i, i);
            }
            return m;
        }));
        s.add(new Subject("subclass-lru", () -> {
            JdkSubclasses.Lru m = new JdkSubclasses.Lru(3);
            for (String k : List.of("w", "x", "y", "z")) {
                m.put(k, k.charAt(0) - 'a');
            }
            m.get("x");
            return m;
        }));
        s.add(new Subject("subclass-bigdecimal", () -> new Object[] {new JdkSubclasses.Money("-1234.5600", "EUR"),
            new BigDecimal(new JdkSubclasses.Id("7fffffffffffffffffff", "unscaled"), 3)}));
        s.add(new Subject("subclass-biginteger", () -> new JdkSubclasses.Id("-123456789abcdef0123456789", "id")));
        s.add(new Subject("subclass-date", () -> new JdkSubclasses.Stamp(1_700_000_000_123L, 456_789)));
        s.add(new Subject("subclass-replaced-resolved", () -> {
            JdkSubclasses.Frozen frozen = new JdkSubclasses.Frozen(List.of("f", "r", "o"));
            return new Object[] {new JdkSubclasses.Snapshotting(List.of("s", "n", "a", "p")), frozen,
                new JdkSubclasses.SetHolder(frozen)};
        }));
        s.add(new Subject("subclass-sorted", () -> {
            JdkSubclasses.Ranked ranked = new JdkSubclasses.Ranked("ranked");
            for (String k : List.of("pear", "fig", "banana", "kiwi")) {
                ranked.put(k, k.length());
            }
            return new Object[] {ranked, new JdkSubclasses.Backlog(List.of("ccc", "a", "bb", "dddd", "ee"))};
        }));
        s.add(new Subject("subclass-jdk-own", () -> {
            java.sql.Timestamp timestamp = new java.sql.Timestamp(1_700_000_000_000L);
            timestamp.setNanos(123_456_789);
            Properties defaults = new Properties();
            defaults.setProperty("colour", "blue");
            Properties properties = new Properties(defaults);
            properties.setProperty("size", "large");
            Stack<String> stack = new Stack<>();
            stack.push("bottom");
            stack.push("top");
            return new Object[] {timestamp, new java.sql.Date(1_700_000_000_000L), new java.sql.Time(45_296_000L),
                properties, stack};
        }));
        s.add(new Subject("misc-jdk", () -> {
            BitSet bits = new BitSet();
            bits.set(3);
            bits.set(300);
            GregorianCalendar calendar = new GregorianCalendar(TimeZone.getTimeZone("UTC"), Locale.ROOT);
            calendar.setTimeInMillis(1_700_000_000_000L);
            return new Object[] {new StringBuilder("builder"), new StringBuffer("buffer"), new AtomicLong(7),
                bits, new Random(42), calendar, new StackTraceElement("a.B", "m", "B.java", 7)};
        }));
        return s;
    }

    /** DESIGN.md's workloads (the corpus classes) and business graph. */
    public static List<Subject> ours() {
        List<Subject> s = new ArrayList<>();
        s.add(new Subject("marketdata", () -> ((List<?>) new MarketDataCase().get()).get(0)));
        s.add(new Subject("marketdata-list", () -> new MarketDataCase().get()));
        s.add(new Subject("employees", () -> new EmployeeCase().get()));
        s.add(new Subject("orders", () -> new OrderCase().get()));
        s.add(new Subject("sample", () -> new SampleCase().get()));
        s.add(new Subject("purchase-order", () -> PurchaseOrder.sample(1)));
        s.add(new Subject("purchase-orders", () -> {
            List<PurchaseOrder> orders = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                orders.add(PurchaseOrder.sample(i));
            }
            return orders;
        }));
        return s;
    }

    private static Throwable throwable() {
        IOException inner = traced(new IOException("disk full"));
        IllegalStateException outer = traced(new IllegalStateException("could not save", inner));
        outer.addSuppressed(traced(new UncheckedIOException("close failed", traced(new IOException("closed")))));
        outer.addSuppressed(traced(new ArithmeticException()));
        return outer;
    }

    /** A fixed stack trace, so that the bytes do not depend on where the exception was made. */
    private static <T extends Throwable> T traced(final T t) {
        t.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("com.acme.Billing", "charge", "Billing.java", 42),
            new StackTraceElement("loader", "module", "1.0", "com.acme.Main", "main", "Main.java", 7),
            new StackTraceElement("com.acme.Native", "call", null, -2)});
        return t;
    }

    /**
     * Arrays of every primitive type (booleans aside) a buffer's worth long (1,024 bytes), one element more or less,
     * a few buffers long and 5,000 elements, after one another in one array, so that each starts at another point of
     * the writer's buffer; floats and doubles with NaNs of other bit patterns among them.
     */
    static Object[] bigPrimitiveArrays() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(1024);
        List<Object> all = new ArrayList<>();
        int[] sizes = {1, 2, 2, 4, 4, 8, 8};
        for (int kind = 0; kind < sizes.length; kind++) {
            int chunk = 1024 / sizes[kind];
            for (int length : new int[] {chunk - 1, chunk, chunk + 1, 3 * chunk + 7, 5_000}) {
                long[] bits = random.longs(length).toArray();
                for (int i = 0; i < length; i += 11) {
                    // a NaN, not the canonical one, as a double and in its low half as a float
                    bits[i] = 0x7ff0_0000_7f80_0001L | bits[i] & 0x000f_0000_003f_0000L;
                }
                all.add(elements(kind, bits));
            }
        }
        return all.toArray();
    }

    /** An array of the {@code kind}th type of {@link #bigPrimitiveArrays}, its elements cut from {@code bits}. */
    private static Object elements(final int kind, final long[] bits) {
        int n = bits.length;
        Object array = java.lang.reflect.Array.newInstance(new Class<?>[] {byte.class, char.class, short.class,
            int.class, float.class, long.class, double.class}[kind], n);
        for (int i = 0; i < n; i++) {
            switch (kind) {
                case 0 -> java.lang.reflect.Array.setByte(array, i, (byte) bits[i]);
                case 1 -> java.lang.reflect.Array.setChar(array, i, (char) bits[i]);
                case 2 -> java.lang.reflect.Array.setShort(array, i, (short) bits[i]);
                case 3 -> java.lang.reflect.Array.setInt(array, i, (int) bits[i]);
                case 4 -> java.lang.reflect.Array.setFloat(array, i, Float.intBitsToFloat((int) bits[i]));
                case 5 -> java.lang.reflect.Array.setLong(array, i, bits[i]);
                default -> java.lang.reflect.Array.setDouble(array, i, Double.longBitsToDouble(bits[i]));
            }
        }
        return array;
    }
}
