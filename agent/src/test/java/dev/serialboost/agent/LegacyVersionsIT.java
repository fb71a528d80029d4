package dev.serialboost.agent;

import dev.serialboost.agent.LegacyDumps.Read;
import dev.serialboost.agent.LegacyDumps.Source;
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
 * A class that changed between the JVM that wrote a plain stream (no agent) and the JVM reading it: two versions
 * of each class under the same name, compiled into two directories, the writer's on the writer's class path and
 * the reader's on the readers'. Read with the agent (the reader's versions converted) the result must be exactly
 * what plain JDK reading gives, in each case:
 *
 * <ul>
 *   <li>{@code Evolving}, explicit serialVersionUID, fields {a, b, c} written and {a, c, d, e} read: a and c
 *       read, d and e default, b dropped (its object still read, and shared with a later top-level object); two
 *       more fields became transient and static in the reader: their stream values are dropped too;</li>
 *   <li>{@code Retyped}: field {@code n} was {@code int}, is {@code long}: {@code InvalidClassException};</li>
 *   <li>{@code RetypedRef}: field {@code ref} was {@code String}, is {@code Integer}: {@code ClassCastException};</li>
 *   <li>{@code Custom}: the writer's class had {@code writeObject} (defaultWriteObject plus custom data), the
 *       reader's has neither {@code writeObject} nor {@code readObject} (so serialboost converts it): the custom
 *       data is skipped and the objects after it read correctly;</li>
 *   <li>{@code HoldsGone}, {@code GoneInList}: a field holds an object of a class the reader does not have,
 *       directly or in a list: {@code ClassNotFoundException};</li>
 *   <li>{@code Grown} gained a serializable superclass (its fields default), {@code Shrunk} lost one (its data
 *       skipped).</li>
 * </ul>
 */
class LegacyVersionsIT {

    private static final String PKG = "dev.serialboost.it.legacy.evolved.";

    @TempDir
    static Path dir;

    private static Path writerClasses;
    private static Path readerClasses;
    private static Path streams;
    private static JvmResult writer;

    private static final String PART = """
            package dev.serialboost.it.legacy.evolved;

            public class Part implements java.io.Serializable {
                private static final long serialVersionUID = 1L;
                String name;

                public Part(String name) {
                    this.name = name;
                }
            }
            """;

    /** The classes as the JVM that wrote the streams had them; each has a static {@code sample()}. */
    private static Map<String, String> writerSources() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(PKG + "Part", PART);
        s.put(PKG + "Evolving", """
                package dev.serialboost.it.legacy.evolved;

                public class Evolving implements java.io.Serializable {
                    private static final long serialVersionUID = 42L;
                    int a;
                    Part b;
                    long c;
                    int nowTransient;
                    String nowStatic;

                    public static Object[] sample() {
                        Evolving e = new Evolving();
                        e.a = 7;
                        e.b = new Part("only in the writer's field b");
                        e.c = 9_000_000_000L;
                        e.nowTransient = 8;
                        e.nowStatic = "written";
                        return new Object[] {e, e.b};
                    }
                }
                """);
        s.put(PKG + "Retyped", """
                package dev.serialboost.it.legacy.evolved;

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
                package dev.serialboost.it.legacy.evolved;

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
        s.put(PKG + "Custom", """
                package dev.serialboost.it.legacy.evolved;

                import java.io.IOException;
                import java.io.ObjectOutputStream;

                public class Custom implements java.io.Serializable {
                    private static final long serialVersionUID = 3L;
                    int x;
                    String y;
                    Part part;

                    private void writeObject(ObjectOutputStream out) throws IOException {
                        out.defaultWriteObject();
                        out.writeInt(99);
                        out.writeObject(new Part("custom data"));
                        out.writeObject(part);
                        out.writeUTF("tail");
                    }

                    public static Object[] sample() {
                        Custom c = new Custom();
                        c.x = 1;
                        c.y = "why";
                        c.part = new Part("shared");
                        return new Object[] {c, new Part("after"), c.part};
                    }
                }
                """);
        s.put(PKG + "Gone", """
                package dev.serialboost.it.legacy.evolved;

                public class Gone implements java.io.Serializable {
                    private static final long serialVersionUID = 1L;
                    int v = 3;
                }
                """);
        s.put(PKG + "HoldsGone", holdsGone("""
                    public static Object sample() {
                        HoldsGone h = new HoldsGone();
                        h.before = "before";
                        h.gone = new Gone();
                        h.after = "after";
                        return h;
                    }
                """));
        s.put(PKG + "GoneInList", goneInList("""
                    public static Object sample() {
                        GoneInList g = new GoneInList();
                        g.items = new java.util.ArrayList<>(java.util.List.of("a", new Gone(), "c"));
                        return g;
                    }
                """));
        s.put(PKG + "Grown", """
                package dev.serialboost.it.legacy.evolved;

                public class Grown implements java.io.Serializable {
                    private static final long serialVersionUID = 20L;
                    int g;
                    String name;

                    public static Object sample() {
                        Grown g = new Grown();
                        g.g = 20;
                        g.name = "grown";
                        return g;
                    }
                }
                """);
        s.put(PKG + "ShrunkBase", SHRUNK_BASE);
        s.put(PKG + "Shrunk", """
                package dev.serialboost.it.legacy.evolved;

                public class Shrunk extends ShrunkBase {
                    private static final long serialVersionUID = 22L;
                    int s;

                    public static Object sample() {
                        Shrunk s = new Shrunk();
                        s.s = 22;
                        s.base = 23;
                        s.part = new Part("in the lost superclass");
                        return s;
                    }
                }
                """);
        return s;
    }

    private static final String SHRUNK_BASE = """
            package dev.serialboost.it.legacy.evolved;

            public class ShrunkBase implements java.io.Serializable {
                private static final long serialVersionUID = 23L;
                int base;
                Part part;
            }
            """;

    private static String holdsGone(final String sample) {
        return """
                package dev.serialboost.it.legacy.evolved;

                public class HoldsGone implements java.io.Serializable {
                    private static final long serialVersionUID = 4L;
                    String before;
                    Object gone;
                    String after;
                """ + sample + "}\n";
    }

    private static String goneInList(final String sample) {
        return """
                package dev.serialboost.it.legacy.evolved;

                public class GoneInList implements java.io.Serializable {
                    private static final long serialVersionUID = 8L;
                    java.util.List<Object> items;
                """ + sample + "}\n";
    }

    /** The classes as the reading JVM has them. */
    private static Map<String, String> readerSources() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(PKG + "Part", PART);
        s.put(PKG + "Evolving", """
                package dev.serialboost.it.legacy.evolved;

                public class Evolving implements java.io.Serializable {
                    private static final long serialVersionUID = 42L;
                    static String nowStatic;
                    int a;
                    long c;
                    String d;
                    double e;
                    transient int nowTransient;
                }
                """);
        s.put(PKG + "Retyped", """
                package dev.serialboost.it.legacy.evolved;

                public class Retyped implements java.io.Serializable {
                    private static final long serialVersionUID = 5L;
                    long n;
                    String s;
                }
                """);
        s.put(PKG + "RetypedRef", """
                package dev.serialboost.it.legacy.evolved;

                public class RetypedRef implements java.io.Serializable {
                    private static final long serialVersionUID = 6L;
                    Integer ref;
                    int k;
                }
                """);
        s.put(PKG + "Custom", """
                package dev.serialboost.it.legacy.evolved;

                public class Custom implements java.io.Serializable {
                    private static final long serialVersionUID = 3L;
                    int x;
                    String y;
                    Part part;
                }
                """);
        s.put(PKG + "HoldsGone", holdsGone(""));
        s.put(PKG + "GoneInList", goneInList(""));
        s.put(PKG + "GrownBase", """
                package dev.serialboost.it.legacy.evolved;

                public class GrownBase implements java.io.Serializable {
                    private static final long serialVersionUID = 21L;
                    int base;
                    String label;
                }
                """);
        s.put(PKG + "Grown", """
                package dev.serialboost.it.legacy.evolved;

                public class Grown extends GrownBase {
                    private static final long serialVersionUID = 20L;
                    int g;
                    String name;
                }
                """);
        s.put(PKG + "ShrunkBase", SHRUNK_BASE);
        s.put(PKG + "Shrunk", """
                package dev.serialboost.it.legacy.evolved;

                public class Shrunk implements java.io.Serializable {
                    private static final long serialVersionUID = 22L;
                    int s;
                }
                """);
        return s;
    }

    /** Reader classes the agent must convert, or the case does not test reading into a converted class. */
    private static final List<String> MUST_CONVERT = List.of(PKG + "Evolving", PKG + "Retyped", PKG + "RetypedRef",
            PKG + "Custom", PKG + "HoldsGone", PKG + "GoneInList", PKG + "Grown", PKG + "GrownBase", PKG + "Shrunk", PKG + "Part");

    /** What plain JDK reading must give, so that the cases test what they say. */
    private static final Map<String, String> PLAIN_OUTCOMES = Map.of(
            "Evolving-sample", "read",
            "Retyped-sample", "read-failed java.io.InvalidClassException: " + PKG + "Retyped; incompatible types for"
                    + " field n",
            "RetypedRef-sample", "read-failed java.lang.ClassCastException: cannot assign instance of java.lang.String"
                    + " to field " + PKG + "RetypedRef.ref of type java.lang.Integer in instance of " + PKG + "RetypedRef",
            "Custom-sample", "read",
            "HoldsGone-sample", "read-failed java.lang.ClassNotFoundException: " + PKG + "Gone",
            "GoneInList-sample", "read-failed java.lang.ClassNotFoundException: " + PKG + "Gone",
            "Grown-sample", "read",
            "Shrunk-sample", "read");

    @BeforeAll
    static void writeWithTheOldClassesAndNoAgent() {
        writerClasses = LegacySources.compile(dir.resolve("writer-classes"), writerSources());
        readerClasses = LegacySources.compile(dir.resolve("reader-classes"), readerSources());
        streams = dir.resolve("streams");
        List<String> args = new ArrayList<>(List.of(streams.toString()));
        for (String name : List.of("Evolving", "Retyped", "RetypedRef", "Custom", "HoldsGone", "GoneInList", "Grown",
                "Shrunk")) {
            args.add("--sample=" + PKG + name);
        }
        writer = JvmRunner.on(Jdk.current()).classpath(writerClasses).run(LegacyWrite.class, args.toArray(String[]::new));
        for (CorpusDumps.Block b : CorpusDumps.parse(writer).values()) {
            if (!b.outcome().startsWith("written ")) {
                throw writer.fail("test bug: the writer could not write " + b.fixture() + ": " + b.outcome());
            }
        }
    }

    @ParameterizedTest(name = "read on {0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void aStreamOfAnotherClassVersionReadsAsThePlainJdkReadsIt(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).classpath(readerClasses).run(LegacyRead.class, streams.toString());
        JvmResult agent = JvmRunner.on(jdk).classpath(readerClasses).withAgent("convert=all,verbose=true")
                .run(LegacyRead.class, streams.toString());
        Map<String, Read> without = LegacyDumps.parse(plain);
        Map<String, Read> with = LegacyDumps.parse(agent);
        Set<String> converted = CorpusDumps.converted(agent);

        List<String> problems = new ArrayList<>();
        for (String name : MUST_CONVERT) {
            if (!converted.contains(name)) {
                problems.add(name + " was not converted in the reader");
            }
        }
        if (!without.keySet().equals(PLAIN_OUTCOMES.keySet()) || !with.keySet().equals(PLAIN_OUTCOMES.keySet())) {
            problems.add("expected blocks " + PLAIN_OUTCOMES.keySet() + "; without the agent " + without.keySet()
                    + ", with it " + with.keySet());
        }
        for (Map.Entry<String, String> e : PLAIN_OUTCOMES.entrySet()) {
            Read p = without.get(e.getKey());
            Read a = with.get(e.getKey());
            if (p == null || a == null) {
                continue;
            }
            if (!p.outcome().equals(e.getValue())) {
                problems.add("test bug? " + e.getKey() + ": plain JDK reading gives '" + p.outcome() + "', the test"
                        + " expects '" + e.getValue() + "'");
            }
            LegacyDumps.compare(p, a, converted, Source.SAME_PLAIN_FILE, problems);
        }
        Read evolving = without.get("Evolving-sample");
        if (evolving != null && evolving.read()) {
            List<String> graph = evolving.graph();
            for (String line : List.of("  " + PKG + "Evolving.a: 7", "  " + PKG + "Evolving.c: 9000000000",
                    "  " + PKG + "Evolving.d: null", "  " + PKG + "Evolving.e: 0x0d", "  " + PKG
                    + "Evolving.nowTransient: 0", "static " + PKG + "Evolving.nowStatic: null")) {
                if (!graph.contains(line)) {
                    problems.add("test bug? the plain reading of Evolving lacks '" + line + "': " + graph);
                }
            }
            if (graph.stream().anyMatch(l -> l.contains("Evolving.b:"))
                    || graph.stream().noneMatch(l -> l.contains("\"only in the writer's field b\""))) {
                problems.add("test bug? Evolving.b should be gone and its object still read: " + graph);
            }
        }
        Read custom = without.get("Custom-sample");
        if (custom != null && !"0x03".equals(custom.flags().get(PKG + "Custom"))) {
            problems.add("test bug? the stream should say Custom has writeObject data (SC_WRITE_METHOD |"
                    + " SC_SERIALIZABLE = 0x03): " + custom.flags());
        }
        problems.addAll(LegacyDumps.stderrProblems(agent, line -> false));
        LegacyDumps.assertNone(jdk + ": streams of other class versions, written on " + Jdk.current()
                + " without the agent", problems, writer, plain, agent);
    }
}
