package dev.serialboost.bench.run;

import dev.serialboost.bench.AgentMode;
import dev.serialboost.bench.BenchJdk;
import dev.serialboost.bench.Child;
import dev.serialboost.bench.Plan;
import dev.serialboost.bench.SelfCheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Before the benchmarks, {@link SelfCheck} once per JDK and mode: every benchmark method must round-trip its graph;
 * the converting modes run with the agent's {@code verbose=true} and every workload class must be converted (bulk
 * body for MarketData in {@code converted} and {@code converted-no-engine}); the default mode must write, stream for
 * stream, the same bytes as no agent ({@link #checkSameBytes}). The first JDK's sizes become the report's size table,
 * its converting modes' decisions the report's list of them.
 */
final class SelfChecks {

    /** A self-check's size line: benchmark, method, parameters, bytes written, and the hash of those bytes. */
    private static final Pattern SIZE_LINE = Pattern.compile(
            "^size (\\w+)\\.(\\w+)((?: \\w+=\\w+)*) (\\d+)(?: bytes=(\\w+))?$", Pattern.MULTILINE);

    private final RunSettings settings;
    private final RunRecord record;
    private final JvmOptions jvmOptions;
    private final AgentOutputCheck agentOutput;
    private final String classPath = System.getProperty("java.class.path");
    /** Per JDK and mode: the hash of the bytes of every write the self-check made, by benchmark, method, params. */
    private final Map<String, Map<String, String>> written = new HashMap<>();

    SelfChecks(final RunSettings settings, final RunRecord record, final JvmOptions jvmOptions,
               final AgentOutputCheck agentOutput) {
        this.settings = settings;
        this.record = record;
        this.jvmOptions = jvmOptions;
        this.agentOutput = agentOutput;
    }

    /** Runs the self-check of {@code plan} on {@code jdk} in {@code mode}; {@code first}: the run's first JDK. */
    void run(final BenchJdk jdk, final AgentMode mode, final Plan plan, final boolean first) throws IOException {
        RunLog.print("self-check, " + jdk.label() + ", " + mode.label() + ": every benchmark method once, round trips"
                + " compared");
        List<String> command = new ArrayList<>();
        command.add(jdk.java().toString());
        command.addAll(jvmOptions.of(mode, true));
        List<String> workloads = new ArrayList<>();
        for (Plan.Run run : plan.runs()) {
            for (String key : List.of("workload", "argument")) {
                for (String w : run.params().getOrDefault(key, List.of())) {
                    if (!workloads.contains(w)) {
                        workloads.add(w);
                    }
                }
            }
        }
        command.addAll(List.of("-cp", classPath, SelfCheck.class.getName(), mode.id(), String.join(",", workloads),
                plan.referenceRows() ? "reference" : "plain"));
        String what = "the self-check on " + jdk.label() + " in mode " + mode.id();
        Child.Result r = Child.run(command, Child.TIMEOUT).requireSuccess(what);
        Files.writeString(settings.results().resolve("selfcheck-" + jdk.feature() + "-" + mode.id() + ".log"),
                r.stdout() + r.stderr(), StandardCharsets.UTF_8);
        Matcher size = SIZE_LINE.matcher(r.stdout());
        int sizes = 0;
        Map<String, String> hashes = written.computeIfAbsent(jdk.feature() + "." + mode.id(), k -> new TreeMap<>());
        while (size.find()) {
            StringBuilder key = new StringBuilder(size.group(1)).append('.').append(size.group(2));
            for (String kv : size.group(3).trim().split(" ")) {
                key.append('.').append(kv.substring(kv.indexOf('=') + 1));
            }
            if (first) {
                record.put("size." + mode.id() + "." + key, size.group(4));
            }
            if (size.group(5) != null) {
                hashes.put(key.toString(), size.group(5));
            }
            sizes++;
        }
        if (sizes == 0) {
            throw new IllegalStateException(what + " reported no sizes:\n" + r.stdout());
        }
        agentOutput.check(jdk, mode, r.stderr(), 1, "self-check");
        if (mode.converts()) {
            checkDecisions(jdk, mode, plan, r.stderr(), first);
        }
        RunLog.print("  ok: " + sizes + " sizes, " + (r.stdout().lines().filter(l -> l.startsWith("digest")).count())
                + " round trips equal to the source graph");
    }

    /** Every workload class converted, with the bulk body exactly where the mode and the class call for it. */
    private void checkDecisions(final BenchJdk jdk, final AgentMode mode, final Plan plan, final String stderr,
                                final boolean first) {
        for (Class<?> c : plan.modelClasses()) {
            String line = stderr.lines().filter(l -> l.contains("] " + c.getName() + " ")).findFirst().orElse("");
            boolean converted = line.contains(" converted (");
            boolean bulk = line.contains(" record");
            boolean wantBulk = mode != AgentMode.CONVERTED_FIELDS && Plan.ALL_PRIMITIVE.stream()
                    .anyMatch(w -> w.modelClass() == c);
            if (!converted || bulk != wantBulk) {
                throw new IllegalStateException("in mode " + mode.id() + " on " + jdk.label() + " the agent should"
                        + " have converted " + c.getName() + (wantBulk ? " with" : " without")
                        + " the bulk body, but said: '" + line + "'\n" + stderr);
            }
            if (first) {
                record.put("agent." + mode.id() + ".decision." + c.getSimpleName(),
                        line.substring(line.indexOf("] ") + 2));
            }
        }
    }

    /**
     * The engine layer's promise, checked on every JDK: in the default mode each write of the plain workloads gave
     * the very bytes it gives without the agent.
     */
    void checkSameBytes(final BenchJdk jdk) {
        Map<String, String> off = written.get(jdk.feature() + "." + AgentMode.OFF.id());
        Map<String, String> engine = written.get(jdk.feature() + "." + AgentMode.DEFAULT.id());
        if (off == null || engine == null) {
            return;
        }
        int same = 0;
        for (Map.Entry<String, String> e : engine.entrySet()) {
            String plain = off.get(e.getKey());
            if (plain == null) {
                continue;
            }
            if (!plain.equals(e.getValue())) {
                throw new IllegalStateException("on " + jdk.label() + " the agent's default mode wrote other bytes than"
                        + " the JDK without the agent: " + e.getKey() + " (sha-256 " + e.getValue() + " vs " + plain
                        + ")");
            }
            same++;
        }
        if (same == 0) {
            throw new IllegalStateException("on " + jdk.label() + " no write of the default mode could be compared"
                    + " with one without the agent");
        }
        record.put("check." + jdk.feature() + ".default.same-bytes", String.valueOf(same));
        RunLog.print("  " + jdk.label() + ": the agent's default wrote the same bytes as no agent, " + same + " of "
                + same + " streams");
    }
}
