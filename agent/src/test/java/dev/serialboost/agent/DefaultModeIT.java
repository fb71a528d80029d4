package dev.serialboost.agent;

import dev.serialboost.it.optin.StreamBytes;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The default mode end to end: conversion is opt-in, so the real agent jar with no setting changes no class and no byte
 * on the wire. {@link StreamBytes} writes every corpus fixture with plain JDK streams, without and with the agent
 * (whose engine layer is on by default): the streams must be equal byte for byte, and every class keeps its
 * serialVersionUID, stays non-{@code Externalizable} and carries no serialboost body. With {@code verbose=true} it
 * prints its start-up line ({@code converting: none}), a line for each JDK class the engine patched as it loaded (the
 * two stream classes, {@code PeekInputStream}, and {@code java.io.Bits} exactly on a JDK that has it) and the summary
 * ({@code converted=0}), no per-class line. A rules file without include rules converts nothing either, and the
 * start-up line says nothing of the converted format then.
 */
class DefaultModeIT {

    private static final String START = Pattern.quote(JvmRunner.PREFIX) + "serialboost \\S+ active in \\d+ ms ";
    private static final String SUMMARY = JvmRunner.PREFIX + "summary: converted=0 skipped=0 errors=0 transform-ms=0";
    private static final String WORKLOADS = "corpus.workloads.";

    @TempDir
    static Path dir;

    /** {@link StreamBytes} without the agent, per JDK. */
    private static final Map<String, JvmResult> BASELINE = new ConcurrentHashMap<>();

    private static JvmResult baseline(final Jdk jdk) {
        return BASELINE.computeIfAbsent(jdk.label(), k -> {
            JvmResult plain = JvmRunner.on(jdk).run(StreamBytes.class);
            if (!plain.stderr().isEmpty()) {
                throw plain.fail("test bug: without the agent, nothing on stderr");
            }
            return plain;
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void withoutSettingsTheAgentChangesNoClassAndNoByte(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        JvmResult plain = baseline(jdk);
        JvmResult agent = JvmRunner.on(jdk).withAgent("verbose=true").run(StreamBytes.class);

        List<String> problems = new ArrayList<>();
        long fixtures = plain.stdoutLines().stream().filter(l -> l.startsWith("=== ")).count();
        long written = plain.stdoutLines().stream().filter(l -> l.startsWith("written ")).count();
        if (fixtures < 45 || written < 40) {
            problems.add("test bug: only " + fixtures + " fixtures (" + written + " written) in the corpus run");
        }
        if (plain.stdoutLines().stream().noneMatch(l -> l.startsWith("class dev.serialboost.corpus.workloads.Order "))) {
            problems.add("test bug: the workload Order is not in the corpus run");
        }
        String difference = CorpusDumps.firstDifference(plain.stdoutLines(), agent.stdoutLines());
        if (difference != null) {
            problems.add("the streams or classes differ from those without the agent; " + difference);
        }
        expectAgentLines(agent, jdk, "\\(engine: on; config: no config file; converting: none\\)", problems);
        if (!problems.isEmpty()) {
            throw agent.fail(jdk + ": " + problems.size() + " problem(s) in the default mode:\n  - "
                    + String.join("\n  - ", problems));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void aRulesFileWithoutIncludeRulesConvertsNothing(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        Files.createDirectories(dir);
        Path rules = Files.writeString(dir.resolve("excludes-" + jdk.feature() + ".conf"),
                "# DefaultModeIT: exclude rules only, so convert=rules converts nothing\nexclude dev.serialboost.corpus.legacy.**\n");
        JvmResult agent = JvmRunner.on(jdk).env("SERIALBOOST_CONFIG", rules.toString())
                .withAgent("verbose=true").run(StreamBytes.class, WORKLOADS);

        List<String> expected = workloadBlocks(baseline(jdk));
        List<String> problems = new ArrayList<>();
        String difference = CorpusDumps.firstDifference(expected, agent.stdoutLines());
        if (difference != null) {
            problems.add("the workload streams or classes differ from those without the agent; " + difference);
        }
        expectAgentLines(agent, jdk, Pattern.quote("(engine: on; config: " + rules + " (environment variable SERIALBOOST_CONFIG);"
                + " converting: none)"), problems);
        if (!problems.isEmpty()) {
            throw agent.fail(jdk + ": " + problems.size() + " problem(s) with an exclude-only rules file:\n  - "
                    + String.join("\n  - ", problems));
        }
    }

    /** The workload fixtures' blocks of a full {@link StreamBytes} run. */
    private static List<String> workloadBlocks(final JvmResult full) {
        List<String> lines = new ArrayList<>();
        boolean keep = false;
        for (String line : full.stdoutLines()) {
            if (line.startsWith("=== ")) {
                keep = line.contains(WORKLOADS);
            }
            if (keep) {
                lines.add(line);
            }
        }
        if (lines.size() < 8) {
            throw full.fail("test bug: no workload fixtures in the baseline run");
        }
        return lines;
    }

    /**
     * Exactly these agent lines: the start-up line ending in {@code tail} (a regex), one line for each class the
     * engine patched as it loaded (any order: the two stream classes, the writing side's handle table, its block stream
     * where its strings are copied byte by byte (17, 21), and, exactly on a JDK that has it, {@code java.io.Bits}; the
     * reading side's helpers when the application read, which this one does not need to),
     * and the empty summary.
     */
    private static void expectAgentLines(final JvmResult agent, final Jdk jdk, final String tail,
                                         final List<String> problems) throws IOException {
        List<String> lines = agent.agentLines();
        java.util.Set<String> required = new java.util.HashSet<>();
        java.util.Set<String> allowed = new java.util.HashSet<>();
        for (String c : EngineRuns.patchedClasses()) {
            String line = JvmRunner.PREFIX + "engine: patched " + c + " as it loaded";
            if (c.startsWith("java.io.ObjectInputStream$")) {
                allowed.add(line);
            } else if (EngineRuns.patchedOn(jdk, c)) {
                required.add(line);
            }
        }
        allowed.addAll(required);
        List<String> middle = lines.size() < 2 ? List.of() : lines.subList(1, lines.size() - 1);
        if (lines.size() < 2 || !lines.get(0).matches(START + tail) || !lines.get(lines.size() - 1).equals(SUMMARY)
                || !middle.containsAll(required) || !allowed.containsAll(middle)
                || new java.util.HashSet<>(middle).size() != middle.size()) {
            problems.add("expected exactly the start-up line (... active in N ms " + tail.replace("\\", "")
                    + "), " + required + " (and maybe, once each, the others of " + allowed + ") and '" + SUMMARY
                    + "', got:\n      " + String.join("\n      ", lines));
        }
        problems.addAll(agent.stderrProblems());
    }
}
