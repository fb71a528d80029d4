package dev.serialboost.agent;

import dev.serialboost.testing.Jdk;
import dev.serialboost.it.engine.EngineReport;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The engine layer's contract (DESIGN.md invariant 2), end to end against the real shaded jar: on each JDK,
 * {@link EngineReport} prints the same report with the agent in its default mode as without it, line for line.
 * The report covers, per case:
 * <ul>
 *   <li>the SHA-256 of every stream written: JDK classes of every serialization style, records, enums, proxies,
 *       arrays, class objects, throwables, DESIGN.md's workloads and business graph, the whole transformer corpus;
 *       one object per stream, many per stream, with {@code reset()}, {@code writeUnshared}, protocol version 1,
 *       through writers overriding {@code annotateClass}/{@code replaceObject} and {@code writeClassDescriptor},
 *       two streams interleaved on one thread, four threads at once;</li>
 *   <li>a digest of every graph read back, by a plain {@code ObjectInputStream} and by subclasses overriding
 *       {@code resolveClass}, {@code readClassDescriptor}, {@code resolveObject}, {@code resolveProxyClass}, with
 *       the calls each received; the calls of per-stream filters, recording or rejecting, and of the JVM-wide
 *       filter set with {@code ObjectInputFilter.Config.setSerialFilter};</li>
 *   <li>the exception of every bad stream (missing classes, changed serialVersionUIDs and field types, descriptor
 *       cycles, truncations, flipped bits), read twice, then its good original;</li>
 *   <li>the exception of every kind a class's own {@code writeObject} or {@code readObject} may throw, alone, in
 *       a list, in a map and from a subclass of {@code ArrayList}; the JDK's collections changed by an element
 *       while they are written (their {@code ConcurrentModificationException} checks, or what they write);</li>
 *   <li>classes of one name from two child-first loaders, read alternately, {@code readObject} called from code of
 *       either loader and from a {@code readObject} calling into the other; {@code ObjectStreamClass.lookup}.</li>
 * </ul>
 * A second test reads, in a JVM without the agent, the streams the agent's JVM wrote. No difference is allowed.
 */
class EngineIdentityIT {

    /** The digest and line count of a whole graph, statics included. */
    private static final Pattern WHOLE_GRAPH = Pattern.compile(" digest=\\S+| lines=\\d+");

    /** Lines the plain report must hold, so that a broken test app cannot pass by printing little. */
    private static final Map<String, String> PLAIN_MUST_SHOW = Map.ofEntries(
            Map.entry("single/proxy", "read/resolveProxyClass ok "),
            Map.entry("single/purchase-order", "read/plain ok "),
            Map.entry("annotate-replace", "read/annotations ok "),
            Map.entry("name-only-descriptors", "read/nameOnly ok "),
            Map.entry("marked-descriptors", "read/marked ok "),
            Map.entry("interleaved/second", "same-as-written-alone=true"),
            Map.entry("bad/absent/top", "plain first failed after 0 objects: java.lang.ClassNotFoundException: "),
            Map.entry("bad/suid/class", "plain first failed after 0 objects: java.io.InvalidClassException: "
                    + "dev.serialboost.it.engine.model.Versioned; local class incompatible"),
            Map.entry("bad/field/primitive-type-changed", "incompatible types for field count"),
            Map.entry("bad/cycle/two-descriptors", "plain first failed"),
            Map.entry("custom/write/CHECKED/list-element", "write failed: java.io.IOException: unexpected exception"
                    + " type <- java.lang.Exception: checked writing element"),
            Map.entry("custom/write/IO/list-subclass", "write failed: java.io.IOException: io writing a list of 1"),
            Map.entry("custom/read/CLASS_NOT_FOUND/map-value", "failed after 0 objects: "
                    + "java.lang.ClassNotFoundException: missing reading value"),
            Map.entry("custom/read/INTERRUPTED/alone", "failed after 0 objects: java.io.IOException: unexpected"
                    + " exception type <- java.lang.InterruptedException: interrupted reading alone"),
            Map.entry("custom/read/NONE/list-subclass", "read/plain ok "),
            Map.entry("changed-while-written/array-list-subclass/added",
                    "write failed: java.util.ConcurrentModificationException: null bytes-before "),
            Map.entry("changed-while-written/tree-map/removed",
                    "write failed: java.util.ConcurrentModificationException: null bytes-before "),
            Map.entry("changed-while-written/linked-list/added", "read/plain ok "),
            Map.entry("loaders/caller-A#0", "ok loaders=[Pojo@A, Pojo@A, Pojo@A] "),
            Map.entry("loaders/caller-B#1", "ok loaders=[Pojo@B, Pojo@B, Pojo@B] "),
            Map.entry("loaders/gate-A-helper-from-other#0", "ok loaders=[Gate@A, Pojo@A, Part@B, Tail@A] "),
            Map.entry("loaders/gate-B-helper-from-other#1", "ok loaders=[Gate@B, Pojo@B, Part@A, Tail@B] "),
            Map.entry("loaders/gate-app-helper-B", "ok loaders=[Gate@app, Pojo@app, Part@B, Tail@app] "),
            Map.entry("threads/3", "first-difference-from-one-thread-alone: none"),
            Map.entry("global", "how=global-api filter-set=true"),
            Map.entry("global/purchase-order#1", "java.io.InvalidClassException: filter status: REJECTED"));

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void sameBytesGraphsCallsAndExceptionsWithTheAgentAsWithout(final Jdk jdk) {
        jdk.assumeInstalled();
        EngineRuns.Main runs = EngineRuns.main(jdk);
        List<String> without = runs.plain().stdoutLines();
        checkNotVacuous(runs.plain());
        EngineRuns.assertSameReport(jdk + ", " + EngineReport.class.getSimpleName(), without,
                runs.agent().stdoutLines(), runs.plain(), runs.agent(),
                runs.plainDetails(), runs.agentDetails());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void streamsWrittenWithTheAgentReadTheSameInAJvmWithoutIt(final Jdk jdk) {
        jdk.assumeInstalled();
        EngineRuns.Main runs = EngineRuns.main(jdk);
        Set<String> labels = new HashSet<>();
        try {
            for (String line : Files.readAllLines(runs.agentStreams().resolve("index.txt"), StandardCharsets.UTF_8)) {
                labels.add(line.split(" ")[1]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> expected = new ArrayList<>();
        for (String line : runs.plain().stdoutLines()) {
            String rest = line.substring(line.indexOf(' ') + 1);
            if (labels.contains(EngineRuns.label(line)) && (rest.startsWith("read/plain ")
                    || rest.startsWith("read/nameOnly ") || rest.startsWith("read/marked "))) {
                expected.add(line);
            }
        }
        if (expected.size() < 100) {
            throw runs.plain().fail("test bug: only " + expected.size() + " read lines to compare with the peer's");
        }
        JvmResult peer = JvmRunner.on(jdk).jvmArgs(EngineRuns.HEAP).run(EngineReport.class,
                "--read-dir=" + runs.agentStreams());
        EngineRuns.assertSameReport(jdk + ", streams written with the agent (" + runs.agentStreams()
                + "), read without it, compared with reading in the JVM that wrote them without the agent",
                objects(expected), objects(peer.stdoutLines()), runs.plain(), peer, null, null);
    }

    /**
     * The lines without the graph digest that includes static fields: a fresh JVM that only reads has other
     * static state than the one that built the graphs (counters of constructors, registries), so the peer's graphs
     * are compared by the objects reachable from the root only.
     */
    private static List<String> objects(final List<String> lines) {
        return lines.stream().map(l -> WHOLE_GRAPH.matcher(l).replaceAll("")).toList();
    }

    private static void checkNotVacuous(final JvmResult plain) {
        List<String> lines = plain.stdoutLines();
        List<String> problems = new ArrayList<>();
        long writes = lines.stream().filter(l -> l.contains(" write sha256=")).count();
        if (writes < 130) {
            problems.add("only " + writes + " streams written");
        }
        long again = lines.stream().filter(l -> l.startsWith("bad/") && l.endsWith(" again same")).count();
        if (again < 100) {
            problems.add("only " + again + " bad streams read twice with the same outcome");
        }
        for (Map.Entry<String, String> e : PLAIN_MUST_SHOW.entrySet()) {
            if (lines.stream().noneMatch(l -> l.startsWith(e.getKey() + " ") && l.contains(e.getValue()))) {
                problems.add("no line of case " + e.getKey() + " shows '" + e.getValue() + "'");
            }
        }
        for (String line : lines) {
            if (line.contains("good-after-each-changed-at ") && !line.endsWith("good-after-each-changed-at []")) {
                problems.add("without the agent, reading a bad stream changed how the good one reads: " + line);
            }
        }
        if (!problems.isEmpty()) {
            throw plain.fail("test bug: the report without the agent is not what the test expects:\n  - "
                    + String.join("\n  - ", problems));
        }
    }
}
