package dev.serialboost.bench.run;

import dev.serialboost.bench.AgentMode;
import dev.serialboost.bench.BenchJdk;
import dev.serialboost.bench.Child;
import dev.serialboost.bench.EmptyAgent;
import dev.serialboost.bench.StartupApp;
import dev.serialboost.bench.TrivialApp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;

/**
 * Whole-JVM start-up, the medians of alternating runs: {@link TrivialApp} (serializes nothing) without an agent,
 * with an {@link EmptyAgent} (what the JVM charges for any agent), with the agent's default and with
 * {@code convert=all}; then {@link StartupApp} (round-trips one object per workload) without the agent, with its
 * default and with {@code convert=all}. Recorded under {@code startup.*}.
 */
final class StartupMeasurement {

    private final RunSettings settings;
    private final RunRecord record;
    private final String classPath = System.getProperty("java.class.path");

    StartupMeasurement(final RunSettings settings, final RunRecord record) {
        this.settings = settings;
        this.record = record;
    }

    void measure(final BenchJdk jdk) throws IOException {
        int runs = settings.profile().startupRuns();
        Path empty = emptyAgent();
        Map<String, List<String>> trivial = new LinkedHashMap<>();
        trivial.put("off", List.of(jdk.java().toString(), "-cp", classPath, TrivialApp.class.getName()));
        trivial.put("empty", List.of(jdk.java().toString(), "-javaagent:" + empty, "-cp", classPath,
                TrivialApp.class.getName()));
        trivial.put("default", List.of(jdk.java().toString(), "-javaagent:" + settings.agentJar(), "-cp", classPath,
                TrivialApp.class.getName()));
        trivial.put("converted", List.of(jdk.java().toString(), "-javaagent:" + settings.agentJar() + "=convert=all",
                "-cp", classPath, TrivialApp.class.getName()));
        RunLog.print("start-up on " + jdk.label() + ": " + runs + " runs of TrivialApp each without an agent, with an"
                + " empty agent, with serialboost's default and with convert=all (in turn)");
        runInTurn("startup.trivial.", trivial, runs);
        record.put("startup.trivial.empty.agent", "an agent jar whose manifest names " + EmptyAgent.class.getName());

        Map<String, List<String>> commands = new LinkedHashMap<>();
        commands.put("off", List.of(jdk.java().toString(), "-D" + AgentMode.PROPERTY + "=off", "-cp", classPath,
                StartupApp.class.getName()));
        commands.put("default", List.of(jdk.java().toString(), "-javaagent:" + settings.agentJar(),
                "-D" + AgentMode.PROPERTY + "=default", "-cp", classPath, StartupApp.class.getName()));
        commands.put("converted", List.of(jdk.java().toString(), "-javaagent:" + settings.agentJar() + "=convert=all",
                "-D" + AgentMode.PROPERTY + "=converted", "-cp", classPath, StartupApp.class.getName()));
        RunLog.print("start-up on " + jdk.label() + ": " + runs + " runs of StartupApp each without the agent, with its"
                + " default and with convert=all (in turn)");
        runInTurn("startup.", commands, runs);
        record.put("startup.runs", String.valueOf(runs));
        record.put("startup.jdk", String.valueOf(jdk.feature()));
    }

    /**
     * Runs each command {@code runs} times in turn (the order rotating), after two unmeasured runs each, and records
     * the wall times and the agent's start-up line under {@code prefix + key}.
     */
    private void runInTurn(final String prefix, final Map<String, List<String>> commands, final int runs) {
        String app = commands.get("off").get(commands.get("off").size() - 1);
        for (int i = 0; i < 2; i++) {
            commands.forEach((k, c) -> Child.run(c, Child.TIMEOUT).requireSuccess(app + " (" + k + ")"));
        }
        Map<String, double[]> wall = new LinkedHashMap<>();
        Map<String, double[]> premain = new LinkedHashMap<>();
        for (String k : commands.keySet()) {
            wall.put(k, new double[runs]);
            premain.put(k, new double[runs]);
        }
        for (int i = 0; i < runs; i++) {
            List<String> order = new ArrayList<>(commands.keySet());
            Collections.rotate(order, i);
            for (String k : order) {
                Child.Result r = Child.run(commands.get(k), Child.TIMEOUT).requireSuccess(app + " (" + k + ")");
                wall.get(k)[i] = r.millis();
                Matcher line = AgentOutputCheck.STARTUP_LINE.matcher(r.stderr());
                premain.get(k)[i] = line.find() ? Double.parseDouble(line.group(1)) : Double.NaN;
            }
        }
        StringBuilder medians = new StringBuilder();
        for (String k : commands.keySet()) {
            record.putStats(prefix + k, wall.get(k));
            if (!k.equals("off") && Arrays.stream(premain.get(k)).noneMatch(Double::isNaN)) {
                record.putStats(prefix + "premain." + k, premain.get(k));
            }
            record.put(prefix + "command." + k, String.join(" ", commands.get(k)));
            medians.append(String.format(Locale.ROOT, "%s%s %.0f ms", medians.length() == 0 ? "" : ", ", k,
                    Statistics.median(wall.get(k))));
        }
        RunLog.print("  medians: " + medians);
    }

    /** A jar with only a manifest, whose {@code Premain-Class} ({@link EmptyAgent}) comes from the class path. */
    private Path emptyAgent() throws IOException {
        Path jar = settings.results().resolve("empty-agent.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", EmptyAgent.class.getName());
        try (OutputStream out = Files.newOutputStream(jar);
             JarOutputStream j = new JarOutputStream(out, manifest)) {
            j.flush();
        }
        return jar;
    }
}
