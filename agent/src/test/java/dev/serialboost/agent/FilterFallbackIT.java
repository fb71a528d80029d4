package dev.serialboost.agent;

import dev.serialboost.it.filters.EarlyStream;
import dev.serialboost.it.filters.FilterStreams;
import dev.serialboost.it.filters.UserFactory;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The {@code filter} setting where the JDK has set its filters up before the agent could patch them
 * ({@code docs/filters.md}, "When the JDK set its filters up first"), on every tested JDK, with the streams of
 * {@link FilterStreams}; the truth is the same JDK given the same pattern as {@code -Djdk.serialFilter}, without the
 * agent.
 * <ul>
 *   <li>{@link EarlyStream}, an agent given first, deserializes in its {@code premain}: the filter is installed all
 *       the same, and every stream reads as under {@code -Djdk.serialFilter} (same lines, same exception type and
 *       message; the class outside the pattern never initialized nor read); merged with a user's {@code
 *       -Djdk.serialFilter}, or with what a user's {@code -Djdk.serialFilterFactory} gives, the stricter decision
 *       wins both ways; a broken file rejects every stream, naming it;
 *       report mode rejects nothing and tells the would-be rejection once;</li>
 *   <li>{@code attach PID filter=FILE} to a JVM that has deserialized installs the filter for the streams opened
 *       from then on, a stream opened before keeps its own (none); attached again, nothing changes.</li>
 * </ul>
 */
class FilterFallbackIT {

    private static final String[] RECORDED = {"customers.ser", "chain.ser", "list.ser"};
    private static final String PKG = "dev.serialboost.it.filters.";
    private static final String REJECTED = "java.io.InvalidClassException: filter status: REJECTED; cause null";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void filtersSetUpBeforeTheAgentAreFilteredAllTheSame(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        String pattern = pattern(jdk);
        Path filterFile = dir.resolve("filter.txt");
        Files.writeString(filterFile, pattern + "\n");
        String early = "-javaagent:" + earlyAgent();
        String installedNow = "; filter of " + filterFile + " installed now (the JDK had set its filters up before"
                + " the agent started): streams opened before keep the filter they were created with";

        // the pattern as -Djdk.serialFilter without the agent, and as filter= after the JDK set its filters up
        JvmResult plain = JvmRunner.on(jdk).jvmArgsBeforeAgent(early).jvmArgs("-Djdk.serialFilter=" + pattern)
                .run(FilterStreams.class, args("read", RECORDED, "outside.ser"));
        JvmResult enforced = JvmRunner.on(jdk).jvmArgsBeforeAgent(early).withAgent("filter=" + filterFile)
                .run(FilterStreams.class, args("read", RECORDED, "outside.ser"));
        assertEquals(List.of("accepted customers.ser", "accepted chain.ser", "accepted list.ser",
                "rejected outside.ser: " + REJECTED), plain.stdoutLines(), plain.describe());
        assertEquals(plain.stdoutLines(), enforced.stdoutLines(), enforced.describe());
        assertEquals(List.of(), enforced.stderrProblems(), enforced.describe());
        startLineEndsWith(enforced, installedNow);

        // merged with the user's -Djdk.serialFilter, the stricter wins: the user rejects Customer (the file allows
        // it) and allows Outside (the file rejects it)
        JvmResult merged = JvmRunner.on(jdk).jvmArgsBeforeAgent(early).withAgent("filter=" + filterFile)
                .jvmArgs("-Djdk.serialFilter=" + PKG + "Outside;!" + PKG + "Customer")
                .run(FilterStreams.class, args("read", RECORDED, "outside.ser"));
        assertEquals(List.of("rejected customers.ser: " + REJECTED, "accepted chain.ser", "accepted list.ser",
                "rejected outside.ser: " + REJECTED), merged.stdoutLines(), merged.describe());
        startLineEndsWith(merged, installedNow);

        // a user's filter factory set up before the agent is kept, and what it gives each stream merged the same way
        JvmResult factory = JvmRunner.on(jdk).jvmArgsBeforeAgent(early).withAgent("filter=" + filterFile)
                .jvmArgs("-Djdk.serialFilterFactory=" + UserFactory.class.getName())
                .run(FilterStreams.class, args("read", RECORDED, "outside.ser"));
        assertEquals(merged.stdoutLines(), factory.stdoutLines(), factory.describe());
        assertEquals(List.of(), factory.stderrProblems(), factory.describe());
        startLineEndsWith(factory, installedNow);

        // a broken filter file fails closed, naming the file
        Path broken = dir.resolve("broken.txt");
        Files.writeString(broken, "maxdepth=ten;" + PKG + "*;!*\n");
        JvmResult closed = JvmRunner.on(jdk).jvmArgsBeforeAgent(early).withAgent("filter=" + broken)
                .run(FilterStreams.class, args("read", RECORDED));
        String cause = "java.io.InvalidClassException: filter status: REJECTED; cause java.lang.IllegalStateException:"
                + " serialboost: the filter file " + broken + " cannot be used (its pattern is invalid: ";
        assertEquals(3, closed.stdoutLines().size(), closed.describe());
        for (int i = 0; i < RECORDED.length; i++) {
            String line = closed.stdoutLines().get(i);
            if (!line.startsWith("rejected " + RECORDED[i] + ": " + cause)
                    || !line.endsWith("); every deserialization is rejected")) {
                throw closed.fail("a broken filter file must reject every stream, naming the file: " + line);
            }
        }
        if (closed.agentLines().stream().noneMatch(l -> l.startsWith(JvmRunner.PREFIX + "filter: the filter file "
                + broken + " cannot be used (its pattern is invalid: "))) {
            throw closed.fail("stderr does not say the filter file is broken");
        }

        // report only: nothing rejected, the would-be rejection told once (two streams of it)
        JvmResult report = JvmRunner.on(jdk).jvmArgsBeforeAgent(early)
                .withAgent("filter=" + filterFile + ",filter-mode=report")
                .run(FilterStreams.class, args("read", RECORDED, "outside.ser", "outside.ser"));
        FilterRecordingIT.reportedOnlyOnce(report, filterFile);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void attachInstallsTheFilterInARunningJvm(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        String pattern = pattern(jdk);
        Path filterFile = dir.resolve("filter.txt");
        Files.writeString(filterFile, pattern + "\n");
        JvmResult plain = JvmRunner.on(jdk).jvmArgs("-Djdk.serialFilter=" + pattern)
                .run(FilterStreams.class, args("read", RECORDED, "outside.ser"));

        JvmRunner runner = JvmRunner.on(jdk);
        if (jdk.feature() >= 21) {
            runner.jvmArgs("-XX:+EnableDynamicAgentLoading"); // or the JVM warns about the dynamic agent (JEP 451)
        }
        // the target has opened a stream, so the JDK has set its filters up before the agent comes
        JvmRunner.Running target = runner.start(FilterStreams.class, args("opened", RECORDED, "outside.ser"));
        try {
            target.awaitStdoutLine("READY");
            attach(jdk, target.pid(), "filter=" + filterFile);
            attach(jdk, target.pid(), "filter=" + filterFile);
        } catch (Exception | AssertionError e) {
            target.kill();
            throw e;
        }
        target.writeStdin("go\n");
        JvmResult attached = target.finish();
        List<String> expected = new ArrayList<>(List.of("READY"));
        expected.addAll(plain.stdoutLines());
        // the stream opened before the filter keeps the filter it was created with: none
        expected.addAll(List.of("SIDE EFFECT: Outside initialized", "SIDE EFFECT: Outside read",
                "accepted (opened before) outside.ser"));
        assertEquals(expected, attached.stdoutLines(), attached.describe());
        List<String> lines = attached.agentLines();
        if (lines.size() != 2 || !lines.get(0).endsWith("; filter of " + filterFile + " installed now (attached to a"
                + " running JVM): streams opened before keep the filter they were created with")
                || !lines.get(1).equals(JvmRunner.PREFIX + "already active in this JVM; filter of " + filterFile
                + ": nothing changed, the filter of " + filterFile + " is installed already (one filter file a"
                + " JVM)")) {
            throw attached.fail("not the agent lines expected: " + lines);
        }
        assertEquals(List.of(), attached.stderrProblems(), attached.describe());
    }

    /** The pattern {@code filter} makes of a recording of the streams but {@code outside.ser}. */
    private String pattern(final Jdk jdk) throws IOException {
        JvmRunner.on(jdk).run(FilterStreams.class, "write", dir.toString());
        Path recording = dir.resolve("recorded.txt");
        JvmRunner.on(jdk).withAgent("record-classes=" + recording).run(FilterStreams.class, args("read", RECORDED));
        return FilterRecordingIT.filter(recording.toString());
    }

    /** A jar of a manifest alone, whose {@code Premain-Class} is {@link EarlyStream} (on the child's class path). */
    private Path earlyAgent() throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), EarlyStream.class.getName());
        Path jar = dir.resolve("early.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
            j.finish();
        }
        return jar;
    }

    private static void attach(final Jdk jdk, final long pid, final String settings) throws Exception {
        Process attach = new ProcessBuilder(jdk.java().toString(), "-jar", JvmRunner.agentJar().toString(),
                "attach", String.valueOf(pid), settings).redirectErrorStream(true).start();
        String output = new String(attach.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!attach.waitFor(60, TimeUnit.SECONDS) || attach.exitValue() != 0) {
            throw new AssertionError("java -jar serialboost-agent.jar attach " + settings + " failed: " + output);
        }
    }

    private static void startLineEndsWith(final JvmResult run, final String end) {
        if (run.agentLines().stream().noneMatch(l -> l.contains(" active in ") && l.endsWith(end))) {
            throw run.fail("the start-up line does not end with: " + end);
        }
    }

    private String[] args(final String mode, final String[] names, final String... more) {
        List<String> all = new ArrayList<>(List.of(mode, dir.toString()));
        all.addAll(List.of(names));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }
}
