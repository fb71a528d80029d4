package dev.serialboost.agent;

import dev.serialboost.it.engine.StartupProbe;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Start-up in the default mode does nothing that can wait: an application that never serializes runs without the
 * agent's runtime, ASM, its engine patches (the installer reads only the list of classes they patch) or any stream
 * class ever being loaded, with the start-up line as the only line (besides the summary the test runner asks for);
 * one that serializes finds the engine on from its first stream (the patching happened as the stream classes
 * loaded), with no other line either. Read from the JVM's own
 * class-loading log.
 */
class EngineStartupIT {

    @TempDir
    static Path dir;

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void anApplicationThatNeverSerializesLoadsNothingOfTheEngine(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        Path log = dir.resolve("idle-" + jdk.feature() + ".log");
        JvmResult r = JvmRunner.on(jdk).jvmArgs("-Xlog:class+load=info:file=" + log).withAgent("")
                .run(StartupProbe.class, "idle");
        List<String> problems = new ArrayList<>(r.stderrProblems());
        if (!r.stdout().strip().equals("idle") || !onlyStartAndSummary(r)) {
            problems.add("expected 'idle', the start-up line and the summary, got " + r.stdoutLines() + " "
                    + r.agentLines());
        }
        for (String line : Files.readAllLines(log)) {
            String name = loaded(line);
            if (name.startsWith("java.io.Serialboost$") || name.startsWith("dev.serialboost.shaded.")
                    || name.startsWith("dev.serialboost.transformer.engine.EnginePatches$")
                    || name.startsWith("dev.serialboost.transformer.") && name.endsWith("Patch")
                    || name.equals("dev.serialboost.transformer.kit.Fingerprint")
                    || name.equals("dev.serialboost.transformer.kit.MethodRewriter")
                    || name.equals("java.io.ObjectInputStream") || name.equals("java.io.ObjectOutputStream")) {
                problems.add("loaded although nothing was serialized: " + line);
            }
        }
        if (!problems.isEmpty()) {
            throw r.fail(jdk + ":\n  - " + String.join("\n  - ", problems));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void anApplicationThatSerializesHasTheEngineOnFromItsFirstStream(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        Path log = dir.resolve("streams-" + jdk.feature() + ".log");
        JvmResult r = JvmRunner.on(jdk).jvmArgs("-Xlog:class+load=info:file=" + log).withAgent("")
                .run(StartupProbe.class, "streams");
        List<String> problems = new ArrayList<>(r.stderrProblems());
        if (!r.stdout().strip().equals("engine-in-write=true engine-in-read=true equal=true")) {
            problems.add("the engine did not handle the first streams: " + r.stdout().strip());
        }
        if (!onlyStartAndSummary(r)) {
            problems.add("expected the start-up line and the summary alone, got " + r.agentLines());
        }
        // the runtime is defined when the first stream class loads (the JVM logs that class once it is defined, so
        // after the runtime), long after premain: after the application's main class
        List<String> order = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            String name = loaded(line);
            if (name.equals(StartupProbe.class.getName()) || name.equals("java.io.Serialboost$Engine")
                    || name.equals("java.io.ObjectOutputStream")) {
                order.add(name);
            }
        }
        if (!order.equals(List.of(StartupProbe.class.getName(), "java.io.Serialboost$Engine",
                "java.io.ObjectOutputStream"))) {
            problems.add("expected the main class loaded, then the runtime defined as ObjectOutputStream loads; got "
                    + order);
        }
        if (!problems.isEmpty()) {
            throw r.fail(jdk + ":\n  - " + String.join("\n  - ", problems));
        }
    }

    /**
     * With the converted format on, the agent also patches the stream classes for it, by retransformation: the engine
     * layer must survive that (a retransformation starts again from the JDK's class file) and handle the streams.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void withTheConvertedFormatOnTheEngineHandlesTheStreamsToo(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult r = JvmRunner.on(jdk).withAgent("convert=all").run(StartupProbe.class, "streams");
        List<String> problems = new ArrayList<>(r.stderrProblems());
        if (!r.stdout().strip().equals("engine-in-write=true engine-in-read=true equal=true")) {
            problems.add("the engine did not handle the streams: " + r.stdout().strip());
        }
        if (!problems.isEmpty()) {
            throw r.fail(jdk + ":\n  - " + String.join("\n  - ", problems));
        }
    }

    /** The start-up line of the default mode and the (empty) summary the test runner asks for; nothing else. */
    private static boolean onlyStartAndSummary(final JvmResult r) {
        List<String> lines = r.agentLines();
        return lines.size() == 2
                && lines.get(0).contains(" active in ")
                && lines.get(0).endsWith("(engine: on; config: no config file; converting: none)")
                && lines.get(1).equals(JvmRunner.PREFIX + "summary: converted=0 skipped=0 errors=0 transform-ms=0");
    }

    /** The class name of a {@code -Xlog:class+load} line ({@code [...][info][class,load] NAME source: ...}). */
    private static String loaded(final String line) {
        int start = line.indexOf("] ", line.indexOf("class,load")) + 2;
        int end = line.indexOf(' ', start);
        return start < 2 || end < 0 ? "" : line.substring(start, end);
    }
}
