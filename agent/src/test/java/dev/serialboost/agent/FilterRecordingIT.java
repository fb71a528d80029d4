package dev.serialboost.agent;

import dev.serialboost.agent.cli.CommandLine;
import dev.serialboost.it.filters.FilterStreams;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * From what a JVM deserializes to the filter that protects it ({@code docs/filters.md}), end to end on every tested
 * JDK, with the streams of {@link FilterStreams}: a business graph, a deep chain with arrays, JDK classes read through
 * an application's stream class, and {@code outside.ser}, whose class no other stream holds and whose initializer
 * and {@code readObject} print a side effect.
 * <ul>
 *   <li>{@code record-classes} records exactly what a filter is handed for the same reads without the agent (classes,
 *       loaders, first stream class, counts, the largest depth, references, array length and bytes per stream
 *       class), and nothing else is printed;</li>
 *   <li>the pattern {@code filter} prints, given as {@code -Djdk.serialFilter} without the agent and as the agent's
 *       {@code filter} setting, accepts every recorded stream and rejects {@code outside.ser} before its class is
 *       initialized;</li>
 *   <li>merged with a user's {@code -Djdk.serialFilter}, the stricter decision wins both ways;</li>
 *   <li>a broken filter file rejects every stream, naming the file;</li>
 *   <li>{@code filter-mode=report} rejects nothing and tells the would-be rejection once;</li>
 *   <li>{@code attach PID record-classes=FILE} starts recording in a running JVM.</li>
 * </ul>
 */
class FilterRecordingIT {

    private static final String[] RECORDED = {"customers.ser", "chain.ser", "list.ser"};
    private static final String PKG = "dev.serialboost.it.filters.";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void recordGenerateEnforce(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        JvmRunner.on(jdk).run(FilterStreams.class, "write", dir.toString());

        // 1. record: exactly what a filter is handed for the same reads without the agent
        Path recording = dir.resolve("recorded.txt");
        JvmResult observed = JvmRunner.on(jdk).run(FilterStreams.class, args("observe", RECORDED));
        JvmResult recorded = JvmRunner.on(jdk).withAgent("record-classes=" + recording)
                .run(FilterStreams.class, args("read", RECORDED));
        List<String> expected = observed.stdoutLines().stream().filter(l -> !l.startsWith("accepted ")).toList();
        assertEquals(expected, body(recording), jdk + ": the recording is what a filter was handed\n"
                + recorded.describe());
        assertEquals(List.of("accepted customers.ser", "accepted chain.ser", "accepted list.ser"),
                recorded.stdoutLines(), "nothing on stdout but the application's own lines");
        List<String> problems = new ArrayList<>(recorded.stderrProblems());
        if (recorded.agentLines().stream().noneMatch(l -> l.endsWith("; recording classes to " + recording))) {
            problems.add("the start-up line does not say where the recording goes: " + recorded.agentLines());
        }
        assertEquals(List.of(), problems, recorded.describe());
        if (expected.stream().noneMatch(l -> l.startsWith("class " + PKG + "Customer loader=app stream="
                + "java.io.ObjectInputStream checks="))
                || expected.stream().noneMatch(l -> l.startsWith("stream " + PKG + "TracingInput maxdepth="))) {
            throw observed.fail("test bug: the reads did not see what they should");
        }

        // 2. generate
        String pattern = filter(recording.toString());
        if (!pattern.startsWith("maxdepth=") || !pattern.endsWith(";!*") || !pattern.contains(";" + PKG + "Link;")) {
            throw new AssertionError("not the pattern expected: " + pattern);
        }
        Path filterFile = dir.resolve("filter.txt");
        Files.writeString(filterFile, pattern + "\n");

        // 3. enforce: as -Djdk.serialFilter without the agent, and as the agent's filter setting
        List<String> accepted = List.of("accepted customers.ser", "accepted chain.ser", "accepted list.ser");
        JvmResult plain = JvmRunner.on(jdk).jvmArgs("-Djdk.serialFilter=" + pattern)
                .run(FilterStreams.class, args("read", RECORDED, "outside.ser"));
        JvmResult enforced = JvmRunner.on(jdk).withAgent("filter=" + filterFile)
                .run(FilterStreams.class, args("read", RECORDED, "outside.ser"));
        for (JvmResult r : List.of(plain, enforced)) {
            List<String> out = r.stdoutLines();
            assertEquals(accepted, out.subList(0, 3), r.describe());
            assertEquals(4, out.size(), "the class outside the pattern is never initialized nor read\n"
                    + r.describe());
            if (!out.get(3).startsWith("rejected outside.ser: java.io.InvalidClassException: filter status:"
                    + " REJECTED")) {
                throw r.fail("outside.ser is not rejected by the filter");
            }
        }
        assertEquals(List.of(), enforced.stderrProblems(), enforced.describe());

        // 3b. merged with the user's -Djdk.serialFilter, the stricter wins: the user rejects Customer (the file
        // allows it) and allows Outside (the file rejects it)
        JvmResult merged = JvmRunner.on(jdk).withAgent("filter=" + filterFile)
                .jvmArgs("-Djdk.serialFilter=" + PKG + "Outside;!" + PKG + "Customer")
                .run(FilterStreams.class, args("read", RECORDED, "outside.ser"));
        List<String> m = merged.stdoutLines();
        assertEquals(4, m.size(), merged.describe());
        if (!m.get(0).startsWith("rejected customers.ser: java.io.InvalidClassException: filter status: REJECTED")
                || !m.get(1).equals("accepted chain.ser") || !m.get(2).equals("accepted list.ser")
                || !m.get(3).startsWith("rejected outside.ser: java.io.InvalidClassException")) {
            throw merged.fail("the merged filter is not the stricter of the two");
        }

        // 3c. a broken filter file fails closed, naming the file
        Path broken = dir.resolve("broken.txt");
        Files.writeString(broken, "maxdepth=ten;" + PKG + "*;!*\n");
        JvmResult closed = JvmRunner.on(jdk).withAgent("filter=" + broken)
                .run(FilterStreams.class, args("read", RECORDED));
        for (String line : closed.stdoutLines()) {
            if (!line.startsWith("rejected ") || !line.contains("filter status: REJECTED; cause"
                    + " java.lang.IllegalStateException: serialboost: the filter file " + broken + " cannot be used")) {
                throw closed.fail("a broken filter file must reject every stream, naming the file: " + line);
            }
        }
        assertEquals(3, closed.stdoutLines().size(), closed.describe());
        if (closed.agentLines().stream().noneMatch(l -> l.startsWith(JvmRunner.PREFIX + "filter: the filter file "
                + broken + " cannot be used (its pattern is invalid"))) {
            throw closed.fail("stderr does not say the filter file is broken");
        }

        // 3d. report only: nothing rejected, the would-be rejection told once (two streams of it)
        JvmResult report = JvmRunner.on(jdk).withAgent("filter=" + filterFile + ",filter-mode=report")
                .run(FilterStreams.class, args("read", RECORDED, "outside.ser", "outside.ser"));
        reportedOnlyOnce(report, filterFile);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void attachStartsRecordingInARunningJvm(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        JvmRunner.on(jdk).run(FilterStreams.class, "write", dir.toString());
        Path recording = dir.resolve("attached.txt");
        JvmRunner runner = JvmRunner.on(jdk);
        if (jdk.feature() >= 21) {
            runner.jvmArgs("-XX:+EnableDynamicAgentLoading"); // or the JVM warns about the dynamic agent (JEP 451)
        }
        JvmRunner.Running target = runner.start(FilterStreams.class, args("wait", RECORDED));
        String settings = "record-classes=" + recording;
        try {
            target.awaitStdoutLine("READY");
            Process attach = new ProcessBuilder(jdk.java().toString(), "-jar", JvmRunner.agentJar().toString(),
                    "attach", String.valueOf(target.pid()), settings).redirectErrorStream(true).start();
            String output = new String(attach.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!attach.waitFor(60, TimeUnit.SECONDS) || attach.exitValue() != 0) {
                throw new AssertionError("java -jar serialboost-agent.jar attach failed: " + output);
            }
            // attached again: the same recording, no second writer
            attach = new ProcessBuilder(jdk.java().toString(), "-jar", JvmRunner.agentJar().toString(),
                    "attach", String.valueOf(target.pid()), settings).redirectErrorStream(true).start();
            output = new String(attach.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!attach.waitFor(60, TimeUnit.SECONDS) || attach.exitValue() != 0) {
                throw new AssertionError("the second attach failed: " + output);
            }
        } catch (Exception | AssertionError e) {
            target.kill();
            throw e;
        }
        target.writeStdin("go\n");
        JvmResult attached = target.finish();
        JvmResult observed = JvmRunner.on(jdk).run(FilterStreams.class, args("observe", RECORDED));
        assertEquals(observed.stdoutLines().stream().filter(l -> !l.startsWith("accepted ")).toList(),
                body(recording), attached.describe());
        List<String> lines = attached.agentLines();
        if (lines.size() != 2 || !lines.get(0).endsWith("; recording classes to " + recording)
                || !lines.get(1).equals(JvmRunner.PREFIX + "already active in this JVM; recording classes to "
                + recording + " already")) {
            throw attached.fail("not the agent lines expected: " + lines);
        }
        assertEquals(List.of(), attached.stderrProblems(), attached.describe());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void recordingChangesNoByteGraphCallOrException(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        EngineRuns.Main runs = EngineRuns.main(jdk);
        Path recording = dir.resolve("engine-report.txt");
        // the setting as a system property, the agent's arguments being EngineRuns'
        JvmResult recorded = EngineRuns.withAgent(JvmRunner.on(jdk).jvmArgs(EngineRuns.HEAP,
                "-Dserialboost.record-classes=" + recording), dev.serialboost.it.engine.EngineReport.class);
        EngineRuns.assertSameReport(jdk + ", EngineReport with record-classes", runs.plain().stdoutLines(),
                recorded.stdoutLines(), runs.plain(), recorded, null, null);
        long classes = body(recording).stream().filter(l -> l.startsWith("class ")).count();
        if (classes < 50) {
            throw recorded.fail("only " + classes + " classes recorded in " + recording);
        }
    }

    /** {@code java -jar serialboost-agent.jar filter ARGS}: what it prints on stdout, one line. */
    static String filter(final String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = CommandLine.run(List.of(args(List.of("filter"), args)), "serialboost test",
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String printed = out.toString(StandardCharsets.UTF_8);
        if (exit != 0 || printed.lines().count() != 1) {
            throw new AssertionError("filter " + List.of(args) + " exited " + exit + ": " + printed + err);
        }
        return printed.strip();
    }

    /** The recording's lines after its comments. */
    private static List<String> body(final Path recording) throws IOException {
        return Files.readAllLines(recording).stream().filter(l -> !l.startsWith("#")).toList();
    }

    private String[] args(final String mode, final String[] names, final String... more) {
        List<String> all = new ArrayList<>(List.of(mode, dir.toString()));
        all.addAll(List.of(names));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static String[] args(final List<String> first, final String... rest) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }

    /**
     * A report-only run of {@code outside.ser} twice after the recorded streams: nothing rejected (the outside class
     * read both times), the would-be rejection told once, nothing else on stderr.
     */
    static void reportedOnlyOnce(final JvmResult report, final Path filterFile) {
        assertEquals(List.of("accepted customers.ser", "accepted chain.ser", "accepted list.ser",
                "SIDE EFFECT: Outside initialized", "SIDE EFFECT: Outside read", "accepted outside.ser",
                "SIDE EFFECT: Outside read", "accepted outside.ser"), report.stdoutLines(), report.describe());
        List<String> told = report.agentLines().stream()
                .filter(l -> l.startsWith(JvmRunner.PREFIX + "filter-mode=report: ")).toList();
        assertEquals(1, told.size(), report.describe());
        if (!told.get(0).startsWith(JvmRunner.PREFIX + "filter-mode=report: " + filterFile + " would reject " + PKG
                + "Outside (")) {
            throw report.fail("not the report line expected: " + told.get(0));
        }
        assertEquals(List.of(), report.stderrProblems(), report.describe());
    }

}
