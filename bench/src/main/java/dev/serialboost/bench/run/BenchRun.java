package dev.serialboost.bench.run;

import dev.serialboost.bench.AgentMode;
import dev.serialboost.bench.BenchJdk;
import dev.serialboost.bench.BenchRunner;
import dev.serialboost.bench.Child;
import dev.serialboost.bench.Plan;
import dev.serialboost.bench.ReportGenerator;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.RunnerException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of {@link BenchRunner}, step by step: the run's description; a self-check per JDK and mode
 * ({@link SelfChecks}), then the default mode's bytes compared with no agent's on each JDK; the JMH forks of every
 * JDK and mode, the modes interleaved ({@link JmhRuns}), whose agent lines are checked ({@link AgentOutputCheck});
 * what the agent costs ({@link CostMeasurements}); the run record; the page. {@code --cost-only} stops after the costs,
 * {@code --report-only} does nothing but the page.
 */
public final class BenchRun {

    private final RunSettings settings;
    private final RunRecord record = new RunRecord();

    public BenchRun(final RunSettings settings) {
        this.settings = settings;
    }

    /** Runs every step; throws {@link IllegalStateException} when a check fails, with what failed and where. */
    public void run() throws IOException, RunnerException {
        if (settings.reportOnly()) {
            writeReport();
            return;
        }
        checkEnvironment();
        List<BenchJdk> jdks = jdks();
        Files.createDirectories(settings.results());
        Files.deleteIfExists(settings.results().resolve(RunRecord.JMH_JSON));
        Files.deleteIfExists(settings.results().resolve(RunRecord.FILE));
        Instant start = Instant.now();
        RunDescription description = new RunDescription(settings, record);
        description.recordStart(start, jdks);
        CostMeasurements costs = new CostMeasurements(settings, record);
        if (settings.costOnly()) {
            costs.measureAlone(jdks);
            return;
        }
        Map<BenchJdk, Map<AgentMode, Plan>> plans = plans(jdks);
        JvmOptions jvmOptions = new JvmOptions(settings);
        AgentOutputCheck agentOutput = new AgentOutputCheck(settings.results(), record);
        JmhRuns jmh = new JmhRuns(settings, jvmOptions, agentOutput);
        RunLog.print("plan: " + jmh.estimate(plans));

        SelfChecks selfChecks = new SelfChecks(settings, record, jvmOptions, agentOutput);
        for (Map.Entry<BenchJdk, Map<AgentMode, Plan>> j : plans.entrySet()) {
            for (Map.Entry<AgentMode, Plan> e : j.getValue().entrySet()) {
                selfChecks.run(j.getKey(), e.getKey(), e.getValue(), j.getKey() == jdks.get(0));
            }
            selfChecks.checkSameBytes(j.getKey());
        }
        List<RunResult> all = new ArrayList<>();
        for (Map.Entry<BenchJdk, Map<AgentMode, Plan>> j : plans.entrySet()) {
            all.addAll(jmh.run(j.getKey(), j.getValue()));
        }
        if (all.isEmpty()) {
            throw new IllegalStateException("JMH ran nothing (methods '" + settings.methods() + "')");
        }
        Path json = settings.results().resolve(RunRecord.JMH_JSON);
        JmhRuns.writeJson(all, json);
        RunLog.print("JMH results: " + json);

        if (!settings.skipCost()) {
            costs.measure(jdks);
        }
        description.recordEnd(start, Instant.now());
        Path file = settings.results().resolve(RunRecord.FILE);
        record.write(file);
        RunLog.print("run record: " + file);
        writeReport();
    }

    /** Per JDK: the plan of each of its modes (every mode on the first JDK, the reference rows there only). */
    private Map<BenchJdk, Map<AgentMode, Plan>> plans(final List<BenchJdk> jdks) {
        Map<BenchJdk, Map<AgentMode, Plan>> plans = new LinkedHashMap<>();
        for (BenchJdk jdk : jdks) {
            boolean first = jdk == jdks.get(0);
            Map<AgentMode, Plan> byMode = new EnumMap<>(AgentMode.class);
            for (AgentMode mode : first ? settings.modes() : settings.otherJdkModes()) {
                Plan plan = Plan.of(mode, settings.workloads(), first && settings.reference());
                if (!plan.isEmpty()) {
                    byMode.put(mode, plan);
                }
            }
            plans.put(jdk, byMode);
            record.put("jdk." + jdk.feature() + ".modes", String.join(",", byMode.keySet().stream().map(AgentMode::id)
                    .toList()));
        }
        return plans;
    }

    /** The JDKs of {@code --jdks} and {@code --jdk}, else the running one; one per feature version. */
    private List<BenchJdk> jdks() {
        List<BenchJdk> out = new ArrayList<>();
        for (String spec : settings.jdks().isEmpty() ? List.of(String.valueOf(Runtime.version().feature()))
                : settings.jdks()) {
            BenchJdk jdk;
            try {
                jdk = BenchJdk.resolve(spec.trim());
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
            if (out.stream().anyMatch(j -> j.feature() == jdk.feature())) {
                throw new IllegalStateException("two JDKs of version " + jdk.feature() + " (" + settings.jdks()
                        + "): the report has one row per version");
            }
            out.add(jdk);
        }
        return out;
    }

    private void writeReport() throws IOException {
        if (settings.docs() == null) {
            RunLog.print("no report written (--docs none)");
            return;
        }
        List<Path> written = ReportGenerator.write(settings.results(), settings.docs());
        written.forEach(p -> RunLog.print("wrote " + p));
    }

    /** Nothing in the environment may attach or configure an agent in the forks; the agent jar must exist. */
    private void checkEnvironment() {
        List<String> set = new ArrayList<>();
        for (String name : System.getenv().keySet()) {
            if (name.startsWith("SERIALBOOST_") || Child.SCRUBBED.contains(name)) {
                set.add(name);
            }
        }
        if (!set.isEmpty()) {
            throw new IllegalStateException("the environment sets " + set + ", which JMH passes on to every fork and"
                    + " which would change what the agent does there; unset them (bench.sh does)");
        }
        if (!Files.isRegularFile(settings.agentJar())) {
            throw new IllegalStateException("the agent jar " + settings.agentJar() + " does not exist; build it with"
                    + " ./mvnw -pl transformer,agent -am package -DskipTests (bench.sh does)");
        }
    }
}
