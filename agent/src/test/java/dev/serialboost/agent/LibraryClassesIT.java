package dev.serialboost.agent;

import dev.serialboost.it.libraries.LibraryRoundTrip;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Published library classes (guava, commons-collections4, joda-time, commons-math3) round-trip with the agent as
 * without it, in the default mode and with {@code convert=all}, which converts many of their classes and writes
 * those it cannot convert, subclasses of converted ones included, in the plain format. Every class of their jars
 * loads as without the agent. With these jars on the class path, stderr holds exactly one line, the start-up line,
 * with no setting and with {@code convert=all}, and the summary only when asked for, no line over 300 characters.
 * A rules file that {@code scan --write-rules} wrote from these jars converts exactly the classes the scan listed as
 * converted.
 */
class LibraryClassesIT {

    private static final Path[] JARS = {JvmRunner.locationOf(com.google.common.collect.HashMultimap.class),
        JvmRunner.locationOf(com.google.common.util.concurrent.internal.InternalFutureFailureAccess.class),
        JvmRunner.locationOf(org.apache.commons.collections4.list.UnmodifiableList.class),
        JvmRunner.locationOf(org.joda.time.Period.class),
        JvmRunner.locationOf(org.apache.commons.math3.random.MersenneTwister.class)};
    private static final Pattern SCAN_CONVERTED = Pattern.compile("(\\S+) converted \\(.*");

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void libraryClassesRoundTripAndLoadAsWithoutTheAgentWithOneStderrLine(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = plainRun(jdk);
        List<String> problems = new ArrayList<>();
        // exactly as a user writes it: no setting at all, then convert=all, neither asking for the summary
        for (String settings : List.of("", "convert=all")) {
            JvmResult agent = JvmRunner.on(jdk).classpath(JARS).withAgentAsGiven(settings).run(LibraryRoundTrip.class);
            String mode = settings.isEmpty() ? "no settings" : settings;
            sameOutput(mode, plain, agent, problems);
            String converting = settings.isEmpty() ? "; converting: none)" : "; converting: all eligible classes)";
            if (agent.stderrLines().size() != 1 || !agent.stderrLines().get(0).startsWith(JvmRunner.PREFIX)
                    || !agent.stderrLines().get(0).contains(" active in ")
                    || !agent.stderrLines().get(0).endsWith(converting)) {
                problems.add(mode + ": stderr should be the start-up line alone, got " + agent.stderrLines());
            }
            shortLines(mode, agent, problems);
        }
        JvmResult agent = JvmRunner.on(jdk).classpath(JARS).withAgent("convert=all").run(LibraryRoundTrip.class);
        sameOutput("convert=all,summary=true", plain, agent, problems);
        List<String> lines = agent.agentLines();
        if (lines.size() != 2 || !lines.get(0).contains(" active in ") || !lines.get(1).contains("summary: ")
                || !agent.stderrLines().equals(lines)) {
            problems.add("convert=all,summary=true: stderr should hold the start-up line and the summary alone, got "
                    + agent.stderrLines());
        }
        JvmResult.Summary summary = agent.summary();
        if (summary.converted() < 100 || summary.skipped() == 0 || !summary.line().endsWith(
                "; which and why: java -jar serialboost-agent.jar scan --convert all <class path>")) {
            problems.add("convert=all,summary=true: the summary should count converted and skipped classes and name"
                    + " the scan command that lists them: " + summary.line());
        }
        shortLines("convert=all,summary=true", agent, problems);
        if (!problems.isEmpty()) {
            throw plain.fail(jdk + ":\n  - " + String.join("\n  - ", problems));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void rulesWrittenByScanConvertExactlyWhatScanListed(final Jdk jdk, @TempDir final Path dir) {
        jdk.assumeInstalled();
        Path rules = dir.resolve("serialboost.conf");
        String classPath = String.join(File.pathSeparator, List.of(JARS).stream().map(Path::toString).toList());
        // the scan of the real jar, as a user runs it (java -jar serialboost-agent.jar scan ... is the same main)
        JvmResult scan = JvmRunner.on(jdk).classpath(JvmRunner.agentJar())
                .run(SerialboostAgent.class, "scan", "--convert", "all", "--write-rules", rules.toString(), classPath);
        Set<String> listed = new TreeSet<>();
        for (String line : scan.stdoutLines()) {
            Matcher m = SCAN_CONVERTED.matcher(line);
            if (m.matches()) {
                listed.add(m.group(1));
            }
        }
        if (listed.size() < 100 || !scan.stderr().contains("wrote " + rules + ": " + listed.size() + " include rules")) {
            throw scan.fail("scan should list over 100 converted classes and write as many include rules");
        }

        JvmResult plain = plainRun(jdk);
        JvmResult agent = JvmRunner.on(jdk).classpath(JARS).withAgent("config=" + rules + ",verbose=true")
                .run(LibraryRoundTrip.class);
        List<String> problems = new ArrayList<>();
        sameOutput("config=" + rules, plain, agent, problems);
        Set<String> converted = new TreeSet<>(CorpusDumps.converted(agent));
        if (!converted.equals(listed)) {
            Set<String> missing = new TreeSet<>(listed);
            missing.removeAll(converted);
            Set<String> extra = new TreeSet<>(converted);
            extra.removeAll(listed);
            problems.add("the agent converted " + converted.size() + " classes, the scan listed " + listed.size()
                    + "; listed but not converted: " + missing + "; converted but not listed: " + extra);
        }
        if (agent.summary().converted() != listed.size()) {
            problems.add("the summary counts another number of converted classes: " + agent.summary().line());
        }
        if (!problems.isEmpty()) {
            throw agent.fail(jdk + ":\n  - " + String.join("\n  - ", problems));
        }
    }

    private static JvmResult plainRun(final Jdk jdk) {
        JvmResult plain = JvmRunner.on(jdk).classpath(JARS).run(LibraryRoundTrip.class);
        if (plain.stdoutLines().stream().anyMatch(line -> line.contains(" equal=false "))) {
            throw plain.fail("test bug: a sample does not come back equal even without the agent");
        }
        return plain;
    }

    private static void sameOutput(final String mode, final JvmResult plain, final JvmResult agent,
                                   final List<String> problems) {
        if (!agent.stdout().equals(plain.stdout())) {
            problems.add(mode + ": the output differs from the run without the agent; "
                    + CorpusDumps.firstDifference(plain.stdoutLines(), agent.stdoutLines()));
        }
    }

    private static void shortLines(final String mode, final JvmResult agent, final List<String> problems) {
        for (String line : agent.stderrLines()) {
            if (line.length() > StderrReport.MAX_LINE) {
                problems.add(mode + ": a stderr line of " + line.length() + " characters: " + line);
            }
        }
    }
}
