package dev.serialboost.agent;

import dev.serialboost.agent.LegacyDumps.Read;
import dev.serialboost.agent.LegacyDumps.Source;
import dev.serialboost.it.legacy.LegacyRead;
import dev.serialboost.it.legacy.LegacyWrite;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every shape of the core corpus, written by a JVM without the agent and read by one with it, live and across
 * JDKs: {@link LegacyWrite} (no agent) writes each fixture's graph to its own file, once on each JDK of
 * {@link Jdk#all()}; then, on each reader JDK, {@link LegacyRead} reads the files of all writers once without the agent
 * (the truth) and once with it. Per fixture the two must give the same outcome, the same graph, the same
 * fixture check and the same classes, converted classes keeping their interfaces and carrying serialboost's bodies
 * with the agent only. Each reader then writes what it read again, in its own format (serialboost's in the agent
 * JVM: converted classes in the converted layout on the wire), and reads that back: again the same as without the
 * agent.
 *
 * <p>Expected failures are those of {@code CorpusIT}: a fixture whose graph the JDK cannot write or read fails
 * the same way in both modes. A subclass the agent cannot convert under a converted superclass is rewritten by the
 * agent JVM in the plain format, its converted superclass with it, as without the agent.
 */
class LegacyCorpusIT {

    private static final String CORPUS = "dev.serialboost.corpus.";

    /** Fixtures the JDK cannot write at all: no file, in neither writer. */
    private static final Map<String, String> WRITE_FAILS = Map.of(fx("custom", "NonSerializableFieldCase"),
            "write-failed java.io.NotSerializableException: " + CORPUS + "custom.HoldsNonSerializable$Opaque");

    /** Fixtures the JDK writes but cannot read: the same failure in both modes. */
    private static final Set<String> READ_FAILS = Set.of(fx("hierarchy", "PackageCtorElsewhereCase"),
            fx("hierarchy", "NoNoArgCase"), fx("hierarchy", "PrivateCtorBaseCase"));
    private static final String READ_FAILURE = "read-failed java.io.InvalidClassException: ";

    /** Fixtures the agent JVM writes in the plain format (an unconvertible subclass of a converted class). */
    private static final Set<String> WRITTEN_PLAIN = Set.of(fx("custom", "PersistentFieldsChildCase"));

    /** DESIGN.md's workloads: if these are not converted, the run proves nothing. */
    private static final List<String> MUST_CONVERT = List.of(CORPUS + "workloads.MarketData",
            CORPUS + "workloads.Employee", CORPUS + "workloads.Order", CORPUS + "workloads.Sample");

    @TempDir
    static Path dir;

    /** The writer run per writer JDK label, so each writer runs once for all readers. */
    private static final Map<String, JvmResult> WRITERS = new ConcurrentHashMap<>();

    private static String fx(final String pkg, final String simpleName) {
        return CORPUS + pkg + ".Fixtures$" + simpleName;
    }

    private static Path files(final Jdk writer) {
        return dir.resolve("written-on-" + writer.feature());
    }

    /** Writes every fixture on {@code writer} without the agent; checks that only the expected ones failed. */
    private static JvmResult write(final Jdk writer) {
        return WRITERS.computeIfAbsent(writer.label(), k -> {
            JvmResult run = JvmRunner.on(writer).run(LegacyWrite.class, files(writer).toString(), "--corpus=");
            List<String> problems = new ArrayList<>();
            Map<String, CorpusDumps.Block> blocks = CorpusDumps.parse(run);
            if (blocks.size() < 45) {
                problems.add("only " + blocks.size() + " fixtures written; the corpus has at least 45");
            }
            for (CorpusDumps.Block b : blocks.values()) {
                String expected = WRITE_FAILS.get(b.fixture());
                if (expected != null ? !b.outcome().equals(expected) : !b.outcome().startsWith("written ")) {
                    problems.add(b.fixture() + ": " + b.outcome() + (expected != null ? ", expected " + expected : ""));
                }
            }
            for (String name : WRITE_FAILS.keySet()) {
                if (!blocks.containsKey(name)) {
                    problems.add("expected fixture " + name + " does not exist (renamed? update LegacyCorpusIT)");
                }
            }
            LegacyDumps.assertNone(writer + " writing the corpus without the agent", problems, run);
            return run;
        });
    }

    @ParameterizedTest(name = "read on {0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void plainStreamsOfEveryFixtureReadAsThePlainJdkReadsThem(final Jdk reader) {
        reader.assumeInstalled();
        List<String> args = new ArrayList<>(List.of("--rewrite"));
        List<Jdk> writers = new ArrayList<>();
        for (Jdk writer : Jdk.all().toList()) {
            if (writer.missingReason() != null) {
                System.out.println("LegacyCorpusIT, read on " + reader + ": no streams written on " + writer.label()
                        + ", it is not installed");
                continue;
            }
            if (writers.stream().anyMatch(w -> w.feature() == writer.feature())) {
                continue; // the tests run on that JDK too
            }
            write(writer);
            writers.add(writer);
            args.add("--prefix=jdk" + writer.feature() + "/");
            args.add(files(writer).toString());
        }
        String[] readerArgs = args.toArray(String[]::new);
        JvmResult plain = JvmRunner.on(reader).run(LegacyRead.class, readerArgs);
        JvmResult agent = JvmRunner.on(reader).withAgent("convert=all,verbose=true").run(LegacyRead.class, readerArgs);

        Map<String, Read> without = LegacyDumps.parse(plain);
        Map<String, Read> with = LegacyDumps.parse(agent);
        Set<String> converted = CorpusDumps.converted(agent);
        List<String> problems = new ArrayList<>();
        for (String name : MUST_CONVERT) {
            if (!converted.contains(name)) {
                problems.add(name + " was not converted");
            }
        }
        String start = LegacyDumps.startLine(agent);
        if (start.contains(LegacyDumps.OFF)) {
            problems.add("the converted format is off on " + reader + ": " + start);
        }
        for (String label : with.keySet()) {
            if (!without.containsKey(label)) {
                problems.add(label + ": printed with the agent only");
            }
        }
        for (Jdk writer : writers) {
            for (String name : CorpusDumps.parse(write(writer)).keySet()) {
                if (!WRITE_FAILS.containsKey(name) && !without.containsKey("jdk" + writer.feature() + "/" + name)) {
                    problems.add("jdk" + writer.feature() + "/" + name + " was written but not read");
                }
            }
        }

        List<String> notOkInBoth = new ArrayList<>();
        for (String label : new TreeSet<>(without.keySet())) {
            Read p = without.get(label);
            Read a = with.get(label);
            boolean rewritten = label.endsWith(LegacyDumps.REWRITTEN);
            if (a == null) {
                Read first = rewritten ? with.get(label.substring(0, label.length() - LegacyDumps.REWRITTEN.length()))
                        : null;
                if (first == null || first.read()) {
                    problems.add(label + ": printed without the agent only");
                }
                continue; // otherwise the first read failed with the agent, reported there
            }
            String fixture = label.substring(label.indexOf('/') + 1, rewritten
                    ? label.length() - LegacyDumps.REWRITTEN.length() : label.length());
            if (READ_FAILS.contains(fixture) && !rewritten
                    && (!p.outcome().startsWith(READ_FAILURE) || !p.outcome().contains("no valid constructor"))) {
                problems.add(label + ": expected '" + READ_FAILURE + "... no valid constructor' from the plain JDK"
                        + " (as in CorpusIT), got: " + p.outcome());
            } else if (!READ_FAILS.contains(fixture) && !p.read()) {
                problems.add(label + ": the plain JDK should read this, got: " + p.outcome());
            }
            Source source = !rewritten ? Source.SAME_PLAIN_FILE
                    : WRITTEN_PLAIN.contains(fixture) ? Source.OWN_WRITES_PLAIN : Source.OWN_WRITES;
            LegacyDumps.compare(p, a, converted, source, problems);
            if (p.read() && !"ok".equals(p.block().check()) && p.block().check() != null
                    && p.block().check().equals(a.block().check())) {
                notOkInBoth.add(label + ": " + p.block().check());
            }
        }
        if (!notOkInBoth.isEmpty()) {
            // checks written for one JVM that builds, writes and reads once: here counters of constructor and
            // readResolve calls also count the other reads of this JVM; they are compared like everything else
            System.out.println("LegacyCorpusIT, read on " + reader + ": " + notOkInBoth.size() + " fixture checks fail"
                    + " the same way with and without the agent (see " + plain.label() + "), e.g. " + notOkInBoth.get(0));
        }
        problems.addAll(LegacyDumps.stderrProblems(agent, line -> false));
        LegacyDumps.assertNone("read on " + reader + ", streams written on " + writers
                + " without the agent, read with and without it", problems, plain, agent);
    }
}
