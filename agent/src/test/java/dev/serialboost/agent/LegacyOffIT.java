package dev.serialboost.agent;

import dev.serialboost.agent.LegacyDumps.Read;
import dev.serialboost.agent.LegacyDumps.Source;
import dev.serialboost.it.legacy.LegacyRead;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reading streams written without serialboost switched off, on purpose ({@code legacy=false}) or because the
 * JDK's {@code java.io} is not the shape the patches expect (simulated with {@link LegacyJdkShape}): the start-up
 * line says it is off and why, the checked-in plain streams of {@code LegacyFixturesIT} then fail with the JDK's
 * {@code InvalidClassException: ... Serializable incompatible with Externalizable} (so it is the feature that
 * makes those tests pass), and everything else keeps working: classes are converted and round-trip in
 * serialboost's format, with nothing on stderr but the agent's own lines.
 */
class LegacyOffIT {

    private static final String INCOMPATIBLE = "Serializable incompatible with Externalizable";
    private static final String WORKLOADS = "corpus.workloads.";
    private static final List<String> MUST_CONVERT = List.of("dev.serialboost.corpus.workloads.MarketData",
            "dev.serialboost.corpus.workloads.Employee", "dev.serialboost.corpus.workloads.Order",
            "dev.serialboost.corpus.workloads.Sample", "dev.serialboost.it.legacy.model.Quote");

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void legacyFalseLeavesThePlainStreamsUnreadable(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        JvmResult agent = JvmRunner.on(jdk).withAgent("convert=all,legacy=false,verbose=true")
                .run(LegacyRead.class, LegacyFixturesIT.checkedIn().toString(), "--roundtrip=" + WORKLOADS);
        List<String> problems = new ArrayList<>();
        String start = LegacyDumps.startLine(agent);
        if (!start.contains(LegacyDumps.OFF + "switched off (legacy=false)")) {
            problems.add("the start-up line should say '" + LegacyDumps.OFF + "switched off (legacy=false)': " + start);
        }
        checkOff(agent, problems);
        LegacyDumps.assertNone(jdk + ", legacy=false", problems, agent);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void aJdkOfAnotherShapeSwitchesReadingPlainStreamsOffCleanly(final Jdk jdk, @TempDir final Path dir)
            throws IOException {
        jdk.assumeInstalled();
        String patch = "--patch-module=java.base=" + LegacyJdkShape.patchDirectory(jdk, dir.resolve("java.base"));

        // the simulated JDK itself works: without the agent it reads the plain streams as the real one did
        JvmResult plain = JvmRunner.on(jdk).jvmArgs(patch).run(LegacyRead.class, LegacyFixturesIT.checkedIn().toString());
        List<String> problems = new ArrayList<>();
        Map<String, Read> expected = LegacyFixturesIT.expected();
        Map<String, Read> read = LegacyDumps.parse(plain);
        if (!read.keySet().equals(expected.keySet())) {
            problems.add("test bug? the patched JDK read " + read.keySet() + ", expected " + expected.keySet());
        }
        for (Map.Entry<String, Read> e : expected.entrySet()) {
            if (read.containsKey(e.getKey())) {
                LegacyDumps.compare(e.getValue(), read.get(e.getKey()), Set.of(), Source.SAME_PLAIN_FILE, problems);
            }
        }
        if (!plain.stderr().isEmpty()) {
            problems.add("test bug? the patched JDK writes to stderr without the agent: " + plain.stderr());
        }
        LegacyDumps.assertNone(jdk + " with " + LegacyJdkShape.FIELD_VALUES + ".primValues renamed, without the"
                + " agent (test bug: the simulated JDK must work)", problems, plain);

        JvmResult agent = JvmRunner.on(jdk).jvmArgs(patch).withAgent("convert=all,verbose=true")
                .run(LegacyRead.class, LegacyFixturesIT.checkedIn().toString(), "--roundtrip=" + WORKLOADS);
        String start = LegacyDumps.startLine(agent);
        String reason = "this JDK's java.io is not the shape serialboost knows (";
        if (!start.contains(LegacyDumps.OFF + reason) || !start.contains(LegacyJdkShape.FIELD_VALUES + " has no field"
                + " primValues")) {
            problems.add("the start-up line should say '" + LegacyDumps.OFF + reason + "... " + LegacyJdkShape.FIELD_VALUES
                    + " has no field primValues...': " + start);
        }
        long offLines = agent.agentLines().stream().filter(l -> l.contains(LegacyDumps.OFF)).count();
        if (offLines != 1) {
            problems.add("the feature being off should be said once, in the start-up line; said " + offLines + " times");
        }
        checkOff(agent, problems);
        LegacyDumps.assertNone(jdk + " with " + LegacyJdkShape.FIELD_VALUES + ".primValues renamed, with the agent",
                problems, agent);
    }

    /** What an agent run with reading plain streams off must show. */
    private static void checkOff(final JvmResult agent, final List<String> problems) throws IOException {
        Map<String, Read> expected = LegacyFixturesIT.expected();
        Map<String, Read> read = LegacyDumps.parse(agent);
        Set<String> converted = CorpusDumps.converted(agent);
        for (String name : MUST_CONVERT) {
            if (!converted.contains(name)) {
                problems.add(name + " was not converted: the agent must keep converting with the feature off");
            }
        }
        if (expected.isEmpty()) {
            problems.add("no checked-in streams found under " + LegacyFixturesIT.checkedIn());
        }
        for (String label : expected.keySet()) {
            Read r = read.get(label);
            if (r == null || !r.outcome().startsWith("read-failed java.io.InvalidClassException: ")
                    || !r.outcome().contains(INCOMPATIBLE)) {
                problems.add(label + ": with reading plain streams off, expected 'read-failed"
                        + " java.io.InvalidClassException: ... " + INCOMPATIBLE + "', got: "
                        + (r == null ? "no block" : r.outcome()));
            }
        }
        int roundTrips = 0;
        for (Read r : read.values()) {
            if (r.label().contains(".corpus.workloads.")) {
                roundTrips++;
                if (!r.outcome().equals("round-trip") || !"ok".equals(r.block().check())) {
                    problems.add(r.label() + ": serialboost's own format must keep working: " + r.outcome()
                            + ", check " + r.block().check());
                }
            }
        }
        if (roundTrips < 4) {
            problems.add("only " + roundTrips + " workload round trips ran");
        }
        problems.addAll(LegacyDumps.stderrProblems(agent, line -> false));
    }
}
