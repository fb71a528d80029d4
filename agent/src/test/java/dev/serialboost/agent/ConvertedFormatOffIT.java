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
 * The converted format switched off because the JDK's {@code java.io} is not the shape its patches expect
 * (simulated with {@link OtherJdkShape}): with {@code convert=all} the start-up line says once that the format is
 * off and why, the engine layer stays on, no class is converted, and the application runs exactly as without the
 * agent on that JDK. The checked-in plain streams of {@code LegacyFixturesIT} and the corpus workloads are read,
 * written again and read back: the same output, stream descriptor flags and digests included, with and without the
 * agent, and nothing on stderr but the agent's own lines.
 */
class ConvertedFormatOffIT {

    private static final String WORKLOADS = "corpus.workloads.";
    private static final String REASON = LegacyDumps.OFF + "this JDK's java.io is not the shape serialboost knows (";

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void aJdkOfAnotherShapeLeavesEveryClassPlain(final Jdk jdk, @TempDir final Path dir) throws IOException {
        jdk.assumeInstalled();
        String patch = "--patch-module=java.base=" + OtherJdkShape.patchDirectory(jdk, dir.resolve("java.base"));
        String[] args = {"--rewrite", LegacyFixturesIT.checkedIn().toString(), "--roundtrip=" + WORKLOADS};

        // the simulated JDK itself works: without the agent it reads the plain streams as the real one did
        JvmResult plain = JvmRunner.on(jdk).jvmArgs(patch).run(LegacyRead.class, args);
        List<String> problems = new ArrayList<>();
        Map<String, Read> expected = LegacyFixturesIT.expected();
        Map<String, Read> read = LegacyDumps.parse(plain);
        if (expected.isEmpty() || !read.keySet().containsAll(expected.keySet())) {
            problems.add("test bug? the patched JDK read " + read.keySet() + ", expected " + expected.keySet());
        }
        for (Map.Entry<String, Read> e : expected.entrySet()) {
            if (read.containsKey(e.getKey())) {
                LegacyDumps.compare(e.getValue(), read.get(e.getKey()), Set.of(), Source.SAME_PLAIN_FILE, problems);
            }
        }
        long roundTrips = read.values().stream().filter(r -> r.label().contains(".corpus.workloads.")
                && r.outcome().equals("round-trip") && "ok".equals(r.block().check())).count();
        if (roundTrips < 4) {
            problems.add("test bug? only " + roundTrips + " workload round trips ran and passed their checks");
        }
        if (!plain.stderr().isEmpty()) {
            problems.add("test bug? the patched JDK writes to stderr without the agent: " + plain.stderr());
        }
        LegacyDumps.assertNone(jdk + " with " + OtherJdkShape.METHOD + " renamed, without the agent (test bug: the"
                + " simulated JDK must work)", problems, plain);

        JvmResult agent = JvmRunner.on(jdk).jvmArgs(patch).withAgent("convert=all,verbose=true")
                .run(LegacyRead.class, args);
        String start = LegacyDumps.startLine(agent);
        String missing = "java.io.ObjectInputStream." + OtherJdkShape.METHOD + " not found";
        if (!start.contains(" (engine: on; ") || !start.contains(REASON) || !start.contains(missing)) {
            problems.add("the start-up line should say the engine is on and '" + REASON + "... " + missing + "...': "
                    + start);
        }
        long offLines = agent.agentLines().stream().filter(l -> l.contains(LegacyDumps.OFF)).count();
        if (offLines != 1) {
            problems.add("the converted format being off should be said once, in the start-up line; said " + offLines
                    + " times");
        }
        JvmResult.Summary summary = agent.summary();
        if (summary.converted() != 0 || !CorpusDumps.converted(agent).isEmpty()) {
            problems.add("with the converted format off no class may be converted: " + summary.line());
        }
        String difference = CorpusDumps.firstDifference(plain.stdoutLines(), agent.stdoutLines());
        if (difference != null) {
            problems.add("the application's output differs from the run without the agent; " + difference);
        }
        problems.addAll(LegacyDumps.stderrProblems(agent, line -> false));
        LegacyDumps.assertNone(jdk + " with " + OtherJdkShape.METHOD + " renamed, with the agent", problems, plain,
                agent);
    }
}
