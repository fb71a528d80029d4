package dev.serialboost.agent;

import dev.serialboost.it.stats.StatsWorkload;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Statistics on known streams ({@link StatsWorkload}: 3 streams of 5 + 7 top-level objects of two classes, an enum
 * constant, an {@code int[]} and a string), with {@code stats=true}: the MBean, read through the platform MBean
 * server, gives exactly the counts written, and the JFR recording, read back with {@code jdk.jfr.consumer}, one event
 * per top-level write and read with the stream class, the top object's class and its bytes. A top-level operation
 * of a nested stream that throws inside one that returns leaves the latter's counts and bytes exact. The streams are
 * byte for byte those written without the agent, and stderr has nothing but the agent's lines.
 */
class StatisticsIT {

    private static final int S = StatsWorkload.STREAMS;
    private static final int TOP = StatsWorkload.PLAIN + StatsWorkload.LINKED + 3;

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void countsAreExactAndTheStreamsUnchanged(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).run(StatsWorkload.class);
        JvmResult stats = JvmRunner.on(jdk).withAgent("stats=true").run(StatsWorkload.class);
        List<String> lines = stats.stdoutLines();
        assertEquals(plain.stdoutLines().get(0), lines.get(0), jdk + ": the streams' bytes differ with statistics on");
        assertEquals(plain.stdoutLines().get(3), lines.get(3), jdk + ": the top-level writes' bytes differ");
        assertEquals("no-mbean", plain.stdoutLines().get(4), jdk + ": an MBean without the agent");
        long streamBytes = Long.parseLong(lines.get(1).substring("stream-bytes ".length()));
        long topLevelBytes = streamBytes - 4L * S; // each stream's 4-byte header is written by its constructor
        long threadedBytes = Long.parseLong(lines.get(2).substring("threaded-bytes ".length()));
        int threads = StatsWorkload.THREADS;
        // the bytes of the top-level writes that returned: Nesting, Unknown, Failing, and the nested streams'
        String[] nestingLine = lines.get(3).split(" ");
        long nestingBytes = Long.parseLong(nestingLine[1]);
        long unknownBytes = Long.parseLong(nestingLine[2]);
        long failingBytes = Long.parseLong(nestingLine[3]);
        long innerBytes = Long.parseLong(nestingLine[4]);
        int nesting = StatsWorkload.NESTING;
        int unknowns = StatsWorkload.UNKNOWNS;
        int failing = StatsWorkload.FAILING;
        int fails = StatsWorkload.FAILS;
        int nestedFails = StatsWorkload.NESTED_FAILS;
        // writes and reads that throw are not counted; those of the nested streams are, as their streams' own
        long longWrites = nesting + unknowns + failing - fails;

        String plainClass = StatsWorkload.Plain.class.getName();
        String linked = StatsWorkload.Linked.class.getName();
        String colour = StatsWorkload.Colour.class.getName();
        String threaded = StatsWorkload.Threaded.class.getName();
        List<String> ownClasses = List.of(StatsWorkload.Nesting.class.getName(), StatsWorkload.Inner.class.getName(),
                StatsWorkload.Unknown.class.getName(), StatsWorkload.Failing.class.getName());
        int plains = S * (StatsWorkload.PLAIN + StatsWorkload.LINKED);
        int links = S * StatsWorkload.LINKED;
        // the JVM's own code may make streams too (the JDK's, while the workload runs): the counts that only the
        // workload's streams make are compared exactly, those the JDK's code adds to (streams made, strings, the
        // totals of objects) are compared as at least the workload's
        List<String> expected = new ArrayList<>(List.of(
                "mbean Enabled true",
                "mbean TopLevelWrites " + (S * TOP + threads + longWrites + nesting),
                "mbean TopLevelReads " + (S * TOP + threads + nesting + nesting),
                "mbean BytesWritten " + (topLevelBytes + threadedBytes + nestingBytes + unknownBytes + failingBytes
                        + innerBytes),
                "mbean BytesRead " + (topLevelBytes + threadedBytes + nestingBytes + innerBytes),
                "timed true true"));
        List<String> found = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("mbean ") && !line.startsWith("mbean StreamsOpened ")
                    && !line.startsWith("mbean Objects")) {
                found.add(line);
            } else if (line.startsWith("timed ")) {
                found.add(line);
            } else if (line.startsWith("class ") && (line.contains(plainClass + " ") || line.contains(linked + " ")
                    || line.contains(threaded + " ") || ownClasses.contains(line.split(" ")[1])
                    || line.contains(colour + " ") || line.startsWith("class [I "))) {
                found.add(line);
            } else if (line.startsWith("stream java.io.")) {
                // the JDK's code may make such streams too: how many were made is at least the workload's
                String[] f = line.split(" ");
                found.add(String.join(" ", f[0], f[1], f[3], f[4], f[5], f[6]));
                if (Long.parseLong(f[2]) < S) {
                    throw stats.fail(jdk + ": fewer streams made than the workload made: " + line);
                }
            } else if (line.startsWith("stream ")) {
                found.add(line);
            } else if (line.startsWith("jfr")) {
                found.add(line);
            }
        }
        // strings: the top-level one, the enum constant's name and the type string of Linked.plain, all of which the
        // JDK writes as strings
        atLeast(stats, lines, "class java.lang.String ", 3 * S, 3 * S);
        int ownObjects = nesting + nesting + unknowns + failing;
        atLeast(stats, lines, "mbean StreamsOpened ", 2 * S + 2 * threads + 3 + 2 * nesting);
        atLeast(stats, lines, "mbean ObjectsWritten ", plains + links + 2 * S + 3 * S + threads + ownObjects);
        atLeast(stats, lines, "mbean ObjectsRead ", plains + links + 2 * S + 3 * S + threads + 2 * nesting);
        expected.addAll(List.of(
                "class " + plainClass + " " + plains + " " + plains + " " + S,
                "class " + linked + " " + links + " " + links + " " + S,
                "class " + colour + " " + S + " " + S + " " + S,
                "class [I " + S + " " + S + " " + S,
                "stream java.io.ObjectOutputStream " + S * TOP + " 0 " + topLevelBytes + " 0",
                "stream java.io.ObjectInputStream 0 " + S * TOP + " 0 " + topLevelBytes,
                // the threads', each on a thread that ended before the counts were read
                "class " + threaded + " " + threads + " " + threads + " " + threads,
                "stream " + StatsWorkload.ThreadedOut.class.getName() + " " + threads + " " + threads + " 0 "
                        + threadedBytes + " 0",
                "stream " + StatsWorkload.ThreadedIn.class.getName() + " " + threads + " 0 " + threads + " 0 "
                        + threadedBytes,
                // Unknown's reads throw (its class is refused), and so do a third of Failing's writes
                "class " + StatsWorkload.Nesting.class.getName() + " " + nesting + " " + nesting + " 1",
                "class " + StatsWorkload.Inner.class.getName() + " " + nesting + " " + nesting + " " + nesting,
                "class " + StatsWorkload.Unknown.class.getName() + " " + unknowns + " 0 1",
                // and one Failing in each of the nested streams whose write throws, with its descriptor
                "class " + StatsWorkload.Failing.class.getName() + " " + (failing + nestedFails) + " 0 "
                        + (1 + nestedFails),
                "stream " + StatsWorkload.LongOut.class.getName() + " 2 " + longWrites + " 0 "
                        + (nestingBytes + unknownBytes + failingBytes) + " 0",
                "stream " + StatsWorkload.LongIn.class.getName() + " 1 0 " + nesting + " 0 " + nestingBytes,
                "stream " + StatsWorkload.InnerOut.class.getName() + " " + nesting + " " + nesting + " 0 "
                        + innerBytes + " 0",
                "stream " + StatsWorkload.InnerIn.class.getName() + " " + nesting + " 0 " + nesting + " 0 "
                        + innerBytes));
        for (String kind : List.of("ObjectRead java.io.ObjectInputStream", "ObjectWrite java.io.ObjectOutputStream")) {
            expected.add("jfr dev.serialboost." + kind + " " + plainClass + " " + S * StatsWorkload.PLAIN);
            expected.add("jfr dev.serialboost." + kind + " " + linked + " " + links);
            expected.add("jfr dev.serialboost." + kind + " " + colour + " " + S);
            expected.add("jfr dev.serialboost." + kind + " [I " + S);
            expected.add("jfr dev.serialboost." + kind + " java.lang.String " + S);
        }
        expected.add("jfr-bytes " + 2 * topLevelBytes);
        if (!sameLines(expected, found)) {
            throw stats.fail(jdk + ": statistics\nexpected " + String.join("\n  ", expected) + "\nfound    "
                    + String.join("\n  ", found));
        }
        if (lines.stream().anyMatch(l -> l.startsWith("class ") && !l.contains("StatsWorkload")
                && !l.startsWith("class [I ") && !l.startsWith("class java.lang.String ")
                && !l.startsWith("class java.lang.Enum "))) {
            throw stats.fail(jdk + ": a class counted that the workload did not serialize");
        }
        assertEquals(List.of(), stats.stderrProblems(), jdk + ": stderr");
        if (!stats.agentLines().get(0).contains("; statistics: on (MBean dev.serialboost:type=Statistics)")) {
            throw stats.fail(jdk + ": the start-up line does not say statistics are on");
        }
        // one per class and stream: Nesting, Unknown and Failing once, Inner once per nested stream, Failing once per
        // nested stream that throws
        if (!lines.contains("engine descriptors written from templates=" + (S * 5 + threads + 3 + nesting
                + nestedFails))
                || lines.stream().noneMatch(l -> l.startsWith("engine classes resolved from the cache="))) {
            throw stats.fail(jdk + ": the engine's outcomes are not counted");
        }
    }

    /** The numbers after {@code prefix} on its line are each at least the ones given. */
    private static void atLeast(final JvmResult run, final List<String> lines, final String prefix,
                                final long... least) {
        String line = lines.stream().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> run.fail("no line " + prefix));
        String[] numbers = line.substring(prefix.length()).split(" ");
        for (int i = 0; i < least.length; i++) {
            if (Long.parseLong(numbers[i]) < least[i]) {
                throw run.fail(line + ": expected at least " + java.util.Arrays.toString(least));
            }
        }
    }

    private static boolean sameLines(final List<String> expected, final List<String> found) {
        List<String> a = new ArrayList<>(expected);
        List<String> b = new ArrayList<>(found);
        a.sort(null);
        b.sort(null);
        return a.equals(b);
    }
}
