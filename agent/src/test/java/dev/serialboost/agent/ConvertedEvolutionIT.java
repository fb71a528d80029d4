package dev.serialboost.agent;

import dev.serialboost.agent.LegacyDumps.Read;
import dev.serialboost.agent.LegacyDumps.Source;
import dev.serialboost.it.StreamFlags;
import dev.serialboost.it.legacy.LegacyRead;
import dev.serialboost.it.legacy.LegacyWrite;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Class evolution in the converted format, end to end with the real agent ({@code convert=all}) on every tested JDK,
 * differential against plain JDK: two versions of each class under the same name and serialVersionUID, compiled
 * into two directories. The old version's JVM (on the build's JDK) writes each sample twice, without the agent
 * (plain streams) and with it (the converted format); the new version's JVM reads the plain streams without the
 * agent and the converted ones with it, on JDK 17, 21 and 25, and both reads must give the same graphs and the same
 * exceptions. Then the same the other way round: the new version writes, the old one reads.
 *
 * <ul>
 *   <li>{@code Evolving}: fields added and removed, a removed field's object still read and shared by the next
 *       top-level object, a field that became transient;</li>
 *   <li>{@code Ticker}: an all-primitive class (a bulk record) whose fields were reordered, and one added;</li>
 *   <li>{@code Retyped}: {@code int n} became {@code long n}: {@code InvalidClassException}, incompatible types;</li>
 *   <li>{@code RetypedRef}: {@code String ref} became {@code Integer ref}: {@code ClassCastException};</li>
 *   <li>{@code Grown}: gained a converted serializable superclass (its fields default), or, the other way, lost
 *       one (its data, an object among it, read and dropped).</li>
 *   <li>{@code Checked}: gained a {@code readObject} that reads its fields with {@code readFields}: the new version
 *       stays plain, and reads the old version's converted data;</li>
 *   <li>{@code Leaf}: gained a serializable superclass with {@code readObjectNoData} (both stay plain in the new
 *       version, which reads the old converted data, calling {@code readObjectNoData});</li>
 *   <li>{@code AuditedChild}: its superclass {@code Audited} gained {@code writeObject}/{@code readObject} that
 *       write and read an extra string after the default part, reading it as optional data (data of the old version
 *       has none: the read ends at the default data, not in the subclass's data, whose first bytes look like a
 *       block-data header).</li>
 *   <li>{@code Migrated}: became a record (records are never converted): the record reads the old class's
 *       converted data, an all-primitive-and-String class whose level the writer wrote as a bulk record.</li>
 * </ul>
 */
class ConvertedEvolutionIT {

    private static final String PKG = "dev.serialboost.it.evolution.gen.";
    private static final List<String> SAMPLES = List.of("Evolving", "Ticker", "Retyped", "RetypedRef", "Grown",
            "Checked", "Leaf", "AuditedChild", "Migrated");
    /** Samples whose class the new version keeps plain (not converted, its data written in the plain format). */
    private static final Set<String> PLAIN_IN_NEW = Set.of("Checked", "Leaf", "Migrated");

    @TempDir
    static Path dir;

    private static final Map<String, Path> CLASSES = new LinkedHashMap<>();
    private static final Map<String, JvmResult> WRITERS = new LinkedHashMap<>();

    private static final String PART = """
            package dev.serialboost.it.evolution.gen;

            public class Part implements java.io.Serializable {
                private static final long serialVersionUID = 1L;
                String name;

                public Part(String name) {
                    this.name = name;
                }
            }
            """;

    /** The same in both versions: only its superclass changes. Its first field's bytes look like a block header. */
    private static final String AUDITED_CHILD = """
            package dev.serialboost.it.evolution.gen;

            public class AuditedChild extends Audited {
                private static final long serialVersionUID = 33L;
                int marker;

                public static Object[] sample() {
                    AuditedChild a = new AuditedChild();
                    a.id = 6;
                    a.owner = "owner";
                    a.marker = 0x77010203; // TC_BLOCKDATA, then a length of 1
                    return new Object[] {a, new Part("after")};
                }
            }
            """;

    private static Map<String, String> oldSources() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(PKG + "Part", PART);
        s.put(PKG + "Evolving", """
                package dev.serialboost.it.evolution.gen;

                public class Evolving implements java.io.Serializable {
                    private static final long serialVersionUID = 42L;
                    int a;
                    Part b;
                    long c;
                    int nowTransient;

                    public static Object[] sample() {
                        Evolving e = new Evolving();
                        e.a = 7;
                        e.b = new Part("only in the old field b");
                        e.c = 9_000_000_000L;
                        e.nowTransient = 8;
                        return new Object[] {e, e.b};
                    }
                }
                """);
        s.put(PKG + "Ticker", """
                package dev.serialboost.it.evolution.gen;

                public class Ticker implements java.io.Serializable {
                    private static final long serialVersionUID = 9L;
                    long x;
                    int y;
                    double z;
                    short w;

                    public static Object sample() {
                        Ticker t = new Ticker();
                        t.x = 1L << 40;
                        t.y = -3;
                        t.z = 2.5;
                        t.w = 300;
                        return t;
                    }
                }
                """);
        s.put(PKG + "Retyped", """
                package dev.serialboost.it.evolution.gen;

                public class Retyped implements java.io.Serializable {
                    private static final long serialVersionUID = 5L;
                    int n;
                    String s;

                    public static Object sample() {
                        Retyped r = new Retyped();
                        r.n = 5;
                        r.s = "five";
                        return r;
                    }
                }
                """);
        s.put(PKG + "RetypedRef", """
                package dev.serialboost.it.evolution.gen;

                public class RetypedRef implements java.io.Serializable {
                    private static final long serialVersionUID = 6L;
                    String ref;
                    int k;

                    public static Object sample() {
                        RetypedRef r = new RetypedRef();
                        r.ref = "not an Integer";
                        r.k = 6;
                        return r;
                    }
                }
                """);
        s.put(PKG + "Grown", """
                package dev.serialboost.it.evolution.gen;

                public class Grown implements java.io.Serializable {
                    private static final long serialVersionUID = 20L;
                    int g;
                    String name;

                    public static Object[] sample() {
                        Grown g = new Grown();
                        g.g = 20;
                        g.name = "grown";
                        return new Object[] {g, new Part("after")};
                    }
                }
                """);
        s.put(PKG + "Checked", """
                package dev.serialboost.it.evolution.gen;

                public class Checked implements java.io.Serializable {
                    private static final long serialVersionUID = 30L;
                    int low;
                    int high;
                    String note;

                    public static Object sample() {
                        Checked c = new Checked();
                        c.low = 1;
                        c.high = 9;
                        c.note = "old";
                        return c;
                    }
                }
                """);
        s.put(PKG + "Leaf", """
                package dev.serialboost.it.evolution.gen;

                public class Leaf implements java.io.Serializable {
                    private static final long serialVersionUID = 31L;
                    int x;
                    String s;

                    public static Object sample() {
                        Leaf l = new Leaf();
                        l.x = 3;
                        l.s = "leaf";
                        return l;
                    }
                }
                """);
        s.put(PKG + "Audited", """
                package dev.serialboost.it.evolution.gen;

                public class Audited implements java.io.Serializable {
                    private static final long serialVersionUID = 32L;
                    long id;
                    String owner;
                }
                """);
        s.put(PKG + "AuditedChild", AUDITED_CHILD);
        s.put(PKG + "Migrated", """
                package dev.serialboost.it.evolution.gen;

                public class Migrated implements java.io.Serializable {
                    private static final long serialVersionUID = 35L;
                    long id;
                    double price;

                    public static Object[] sample() {
                        Migrated m = new Migrated();
                        m.id = 35;
                        m.price = 3.5;
                        return new Object[] {m, m, new Part("after")};
                    }
                }
                """);
        return s;
    }

    private static Map<String, String> newSources() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(PKG + "Part", PART);
        s.put(PKG + "Evolving", """
                package dev.serialboost.it.evolution.gen;

                public class Evolving implements java.io.Serializable {
                    private static final long serialVersionUID = 42L;
                    int a;
                    long c;
                    String d;
                    double e;
                    transient int nowTransient;

                    public static Object[] sample() {
                        Evolving e = new Evolving();
                        e.a = 7;
                        e.c = 9_000_000_000L;
                        e.d = "only in the new field d";
                        e.e = 0.5;
                        e.nowTransient = 8;
                        return new Object[] {e, new Part("after")};
                    }
                }
                """);
        s.put(PKG + "Ticker", """
                package dev.serialboost.it.evolution.gen;

                public class Ticker implements java.io.Serializable {
                    private static final long serialVersionUID = 9L;
                    short w;
                    double z;
                    int y;
                    long x;
                    boolean v;

                    public static Object sample() {
                        Ticker t = new Ticker();
                        t.x = 1L << 41;
                        t.y = -4;
                        t.z = 3.5;
                        t.w = 301;
                        t.v = true;
                        return t;
                    }
                }
                """);
        s.put(PKG + "Retyped", """
                package dev.serialboost.it.evolution.gen;

                public class Retyped implements java.io.Serializable {
                    private static final long serialVersionUID = 5L;
                    long n;
                    String s;

                    public static Object sample() {
                        Retyped r = new Retyped();
                        r.n = 50;
                        r.s = "fifty";
                        return r;
                    }
                }
                """);
        s.put(PKG + "RetypedRef", """
                package dev.serialboost.it.evolution.gen;

                public class RetypedRef implements java.io.Serializable {
                    private static final long serialVersionUID = 6L;
                    Integer ref;
                    int k;

                    public static Object sample() {
                        RetypedRef r = new RetypedRef();
                        r.ref = 60;
                        r.k = 6;
                        return r;
                    }
                }
                """);
        s.put(PKG + "GrownBase", """
                package dev.serialboost.it.evolution.gen;

                public class GrownBase implements java.io.Serializable {
                    private static final long serialVersionUID = 21L;
                    int base;
                    String label;
                    Part part;
                }
                """);
        s.put(PKG + "Grown", """
                package dev.serialboost.it.evolution.gen;

                public class Grown extends GrownBase {
                    private static final long serialVersionUID = 20L;
                    int g;
                    String name;

                    public static Object[] sample() {
                        Grown g = new Grown();
                        g.g = 20;
                        g.name = "grown";
                        g.base = 21;
                        g.label = "in the superclass";
                        g.part = new Part("shared");
                        return new Object[] {g, g.part};
                    }
                }
                """);
        s.put(PKG + "Checked", """
                package dev.serialboost.it.evolution.gen;

                import java.io.IOException;
                import java.io.InvalidObjectException;
                import java.io.ObjectInputStream;

                public class Checked implements java.io.Serializable {
                    private static final long serialVersionUID = 30L;
                    int low;
                    int high;
                    String note;
                    transient int width;

                    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
                        ObjectInputStream.GetField fields = in.readFields();
                        low = fields.get("low", 0);
                        high = fields.get("high", 0);
                        note = (String) fields.get("note", "none");
                        if (low > high) {
                            throw new InvalidObjectException("low > high");
                        }
                        width = high - low;
                    }

                    public static Object sample() {
                        Checked c = new Checked();
                        c.low = 2;
                        c.high = 20;
                        c.note = "new";
                        c.width = 18;
                        return c;
                    }
                }
                """);
        s.put(PKG + "LeafBase", """
                package dev.serialboost.it.evolution.gen;

                public class LeafBase implements java.io.Serializable {
                    private static final long serialVersionUID = 34L;
                    int base;

                    private void readObjectNoData() {
                        base = -1;
                    }
                }
                """);
        s.put(PKG + "Leaf", """
                package dev.serialboost.it.evolution.gen;

                public class Leaf extends LeafBase {
                    private static final long serialVersionUID = 31L;
                    int x;
                    String s;

                    public static Object sample() {
                        Leaf l = new Leaf();
                        l.base = 4;
                        l.x = 3;
                        l.s = "leaf";
                        return l;
                    }
                }
                """);
        s.put(PKG + "Audited", """
                package dev.serialboost.it.evolution.gen;

                import java.io.EOFException;
                import java.io.IOException;
                import java.io.ObjectInputStream;
                import java.io.ObjectOutputStream;
                import java.io.OptionalDataException;

                public class Audited implements java.io.Serializable {
                    private static final long serialVersionUID = 32L;
                    long id;
                    String owner;
                    transient String audit;

                    private void writeObject(ObjectOutputStream out) throws IOException {
                        out.defaultWriteObject();
                        out.writeUTF(audit == null ? "unaudited" : audit);
                    }

                    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
                        in.defaultReadObject();
                        try {
                            audit = in.readUTF();
                        } catch (OptionalDataException | EOFException e) {
                            audit = "written by an older version";
                        }
                    }
                }
                """);
        s.put(PKG + "AuditedChild", AUDITED_CHILD);
        s.put(PKG + "Migrated", """
                package dev.serialboost.it.evolution.gen;

                public record Migrated(long id, double price) implements java.io.Serializable {
                    private static final long serialVersionUID = 35L;

                    public Migrated {
                        if (price < 0) {
                            throw new IllegalArgumentException("negative price");
                        }
                    }

                    public static Object[] sample() {
                        Migrated m = new Migrated(36, 3.75);
                        return new Object[] {m, m, new Part("after")};
                    }
                }
                """);
        return s;
    }

    /** How plain JDK reading ends, per direction and sample, so that the cases test what they say. */
    private static final Map<String, String> PLAIN_OUTCOMES = Map.ofEntries(
            Map.entry("old-to-new Evolving-sample", "read"),
            Map.entry("old-to-new Ticker-sample", "read"),
            Map.entry("old-to-new Retyped-sample", "read-failed java.io.InvalidClassException: " + PKG
                    + "Retyped; incompatible types for field n"),
            Map.entry("old-to-new RetypedRef-sample", "read-failed java.lang.ClassCastException: cannot assign"
                    + " instance of java.lang.String to field " + PKG + "RetypedRef.ref of type java.lang.Integer in"
                    + " instance of " + PKG + "RetypedRef"),
            Map.entry("old-to-new Grown-sample", "read"),
            Map.entry("new-to-old Evolving-sample", "read"),
            Map.entry("new-to-old Ticker-sample", "read"),
            Map.entry("new-to-old Retyped-sample", "read-failed java.io.InvalidClassException: " + PKG
                    + "Retyped; incompatible types for field n"),
            Map.entry("new-to-old RetypedRef-sample", "read-failed java.lang.ClassCastException: cannot assign"
                    + " instance of java.lang.Integer to field " + PKG + "RetypedRef.ref of type java.lang.String in"
                    + " instance of " + PKG + "RetypedRef"),
            Map.entry("new-to-old Grown-sample", "read"),
            Map.entry("old-to-new Checked-sample", "read"),
            Map.entry("new-to-old Checked-sample", "read"),
            Map.entry("old-to-new Leaf-sample", "read"),
            Map.entry("new-to-old Leaf-sample", "read"),
            Map.entry("old-to-new AuditedChild-sample", "read"),
            Map.entry("new-to-old AuditedChild-sample", "read"),
            Map.entry("old-to-new Migrated-sample", "read"),
            Map.entry("new-to-old Migrated-sample", "read"));

    @BeforeAll
    static void writeWithEachVersionPlainAndConverted() {
        CLASSES.put("old", LegacySources.compile(dir.resolve("old-classes"), oldSources()));
        CLASSES.put("new", LegacySources.compile(dir.resolve("new-classes"), newSources()));
        for (String version : CLASSES.keySet()) {
            for (String mode : List.of("plain", "converted")) {
                List<String> args = new ArrayList<>(List.of(dir.resolve(version + "-" + mode).toString()));
                for (String sample : SAMPLES) {
                    args.add("--sample=" + PKG + sample);
                }
                JvmRunner runner = JvmRunner.on(Jdk.current()).classpath(CLASSES.get(version));
                if (mode.equals("converted")) {
                    runner = runner.withAgent("convert=all,verbose=true");
                }
                JvmResult writer = runner.run(LegacyWrite.class, args.toArray(String[]::new));
                for (CorpusDumps.Block b : CorpusDumps.parse(writer).values()) {
                    if (!b.outcome().startsWith("written ")) {
                        throw writer.fail("test bug: " + version + " " + mode + " could not write " + b.fixture()
                                + ": " + b.outcome());
                    }
                }
                WRITERS.put(version + "-" + mode, writer);
            }
        }
    }

    @ParameterizedTest(name = "read on {0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void dataOfAnotherClassVersionReadsAsPlainJdkReadsIt(final Jdk jdk) {
        jdk.assumeInstalled();
        List<String> problems = new ArrayList<>();
        List<JvmResult> runs = new ArrayList<>();
        for (String[] direction : new String[][] {{"old", "new"}, {"new", "old"}}) {
            String label = direction[0] + "-to-" + direction[1];
            Path readerClasses = CLASSES.get(direction[1]);
            JvmResult plain = JvmRunner.on(jdk).classpath(readerClasses)
                    .run(LegacyRead.class, dir.resolve(direction[0] + "-plain").toString());
            JvmResult agent = JvmRunner.on(jdk).classpath(readerClasses).withAgent("convert=all,verbose=true")
                    .run(LegacyRead.class, dir.resolve(direction[0] + "-converted").toString());
            runs.add(plain);
            runs.add(agent);
            Map<String, Read> without = LegacyDumps.parse(plain);
            Map<String, Read> with = LegacyDumps.parse(agent);
            Set<String> converted = CorpusDumps.converted(agent);
            JvmResult writer = WRITERS.get(direction[0] + "-converted");
            Set<String> writerConverted = CorpusDumps.converted(writer);
            Map<String, Read> written = LegacyDumps.parse(writer);
            for (String sample : SAMPLES) {
                String block = sample + "-sample";
                Read p = without.get(block);
                Read a = with.get(block);
                if (p == null || a == null) {
                    problems.add(label + " " + block + ": not read (without the agent: " + (p != null)
                            + ", with it: " + (a != null) + ")");
                    continue;
                }
                String expected = PLAIN_OUTCOMES.get(label + " " + block);
                if (!p.outcome().equals(expected)) {
                    problems.add("test bug? " + label + " " + block + ": plain JDK reading gives '" + p.outcome()
                            + "', the test expects '" + expected + "'");
                }
                boolean plainWriter = PLAIN_IN_NEW.contains(sample) && direction[0].equals("new");
                boolean plainReader = PLAIN_IN_NEW.contains(sample) && direction[1].equals("new");
                if (converted.contains(PKG + sample) == plainReader
                        || writerConverted.contains(PKG + sample) == plainWriter) {
                    problems.add(label + " " + block + ": " + PKG + sample + " was not converted as the test expects"
                            + " (writer: " + !plainWriter + ", reader: " + !plainReader + ")");
                }
                Map<String, String> flags = written.containsKey(block) ? written.get(block).flags() : Map.of();
                String layout = plainWriter ? "0x02" : StreamFlags.CONVERTED_LAYOUT;
                if (!layout.equals(flags.get(PKG + sample))) {
                    problems.add(label + " " + block + ": the converted stream does not have " + sample
                            + " in the layout " + layout + ": " + flags);
                }
                List<String> found = new ArrayList<>();
                LegacyDumps.compare(p, a, converted, Source.OTHER, found);
                found.forEach(f -> problems.add(label + " " + f));
            }
            problems.addAll(LegacyDumps.stderrProblems(agent, line -> false));
        }
        LegacyDumps.assertNone(jdk + ": converted-format data of other class versions, written on " + Jdk.current(),
                problems, runs.toArray(JvmResult[]::new));
    }
}
