package dev.serialboost.agent;

import dev.serialboost.it.libraries.LibraryRoundTrip;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Published library classes (guava, commons-collections4, joda-time, commons-math3) round-trip with the agent as
 * without it, in the default mode and with {@code convert=all}, which converts many of their classes and writes
 * those it cannot convert, subclasses of converted ones included, in the plain format. Every class of their jars
 * loads as without the agent, and stderr holds the start-up line and the summary asked for, nothing else.
 */
class LibraryClassesIT {

    private static final Path[] JARS = {JvmRunner.locationOf(com.google.common.collect.HashMultimap.class),
        JvmRunner.locationOf(com.google.common.util.concurrent.internal.InternalFutureFailureAccess.class),
        JvmRunner.locationOf(org.apache.commons.collections4.list.UnmodifiableList.class),
        JvmRunner.locationOf(org.joda.time.Period.class),
        JvmRunner.locationOf(org.apache.commons.math3.random.MersenneTwister.class)};

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void libraryClassesRoundTripAndLoadAsWithoutTheAgent(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).classpath(JARS).run(LibraryRoundTrip.class);
        if (plain.stdoutLines().stream().anyMatch(line -> line.contains(" equal=false "))) {
            throw plain.fail("test bug: a sample does not come back equal even without the agent");
        }
        List<String> problems = new ArrayList<>();
        for (String settings : List.of("", "convert=all")) {
            JvmResult agent = JvmRunner.on(jdk).classpath(JARS).withAgent(settings).run(LibraryRoundTrip.class);
            String mode = settings.isEmpty() ? "default mode" : settings;
            if (!agent.stdout().equals(plain.stdout())) {
                problems.add(mode + ": the output differs from the run without the agent; "
                        + CorpusDumps.firstDifference(plain.stdoutLines(), agent.stdoutLines()));
            }
            List<String> lines = agent.agentLines();
            if (lines.size() != 2 || !lines.get(0).contains(" active in ") || !lines.get(1).contains("summary: ")
                    || !agent.stderrLines().equals(lines)) {
                problems.add(mode + ": stderr should hold the start-up line and the summary alone, got "
                        + agent.stderrLines());
            }
            long converted = agent.summary().converted();
            if (settings.isEmpty() ? converted != 0 : converted < 100 || agent.summary().errors() != 0) {
                problems.add(mode + ": " + lines.get(lines.size() - 1));
            }
        }
        if (!problems.isEmpty()) {
            throw plain.fail(jdk + ":\n  - " + String.join("\n  - ", problems));
        }
    }
}
