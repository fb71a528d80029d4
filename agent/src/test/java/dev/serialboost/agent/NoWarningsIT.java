package dev.serialboost.agent;

import dev.serialboost.it.CorpusDump;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Users see no warning and need no flag: with the agent, stderr holds only the agent's own {@code [serialboost]}
 * lines (none a warning or an error) and stdout is exactly what the application prints without the agent. On
 * JDK 24+ the JVM warns about {@code sun.misc.Unsafe} memory access (JEP 498), and
 * {@code --sun-misc-unsafe-memory-access=deny} makes it throw: the agent must not touch it, including for final
 * fields and all-primitive classes.
 *
 * <p>The app is {@link CorpusDump} on the corpus packages without expected failures (workloads, final fields,
 * values, graphs, generics, wide classes), graph only, so its output is the same with and without the agent.
 */
class NoWarningsIT {

    private static final String[] FIXTURES = {"--graph-only", "corpus.workloads.", "corpus.finals.", "corpus.values.",
        "corpus.graphs.", "corpus.generics.", "corpus.wide."};
    /** Classes that must be converted, or the run does not exercise final fields and bulk copies. */
    private static final List<String> MUST_CONVERT = List.of("dev.serialboost.corpus.workloads.Order",
            "dev.serialboost.corpus.workloads.MarketData", "dev.serialboost.corpus.finals.AllFinals",
            "dev.serialboost.corpus.wide.WidePrimitive");

    static Stream<Arguments> jvms() {
        // the flag exists from JDK 23 on (JEP 471); of the tested JDKs only 25 has it
        return Stream.concat(Jdk.all().map(jdk -> Arguments.of(jdk, List.of())),
                Stream.of(Arguments.of(Jdk.jdk25(), List.of("--sun-misc-unsafe-memory-access=deny"))));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("jvms")
    void onlyTheAgentsOwnLinesOnStderrAndTheAppsOutputOnStdout(final Jdk jdk, final List<String> flags) {
        jdk.assumeInstalled();
        String[] jvmArgs = flags.toArray(String[]::new);
        JvmResult plain = JvmRunner.on(jdk).jvmArgs(jvmArgs).run(CorpusDump.class, FIXTURES);
        if (!plain.stderr().isEmpty()) {
            throw plain.fail("test bug? the app writes to stderr even without the agent");
        }
        JvmResult agent = JvmRunner.on(jdk).jvmArgs(jvmArgs).withAgent("convert=all,verbose=true")
                .run(CorpusDump.class, FIXTURES);

        List<String> problems = new ArrayList<>(agent.stderrProblems());
        for (String line : agent.agentLines()) {
            if (line.toLowerCase(Locale.ROOT).contains("stay unconverted")) {
                problems.add("the agent runs degraded: " + line);
            }
        }
        if (!agent.stdout().equals(plain.stdout())) {
            problems.add("stdout differs from the app's own output without the agent; "
                    + CorpusDumps.firstDifference(plain.stdoutLines(), agent.stdoutLines()));
        }
        for (String name : MUST_CONVERT) {
            if (!CorpusDumps.converted(agent).contains(name)) {
                problems.add(name + " was not converted");
            }
        }
        if (!problems.isEmpty()) {
            throw agent.fail(jdk + " " + flags + ": " + problems.size() + " problem(s):\n  - "
                    + String.join("\n  - ", problems));
        }
    }
}
