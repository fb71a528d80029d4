package dev.serialboost.bench.run;

import dev.serialboost.bench.AgentMode;
import dev.serialboost.bench.BenchJdk;
import dev.serialboost.bench.Plan;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The benchmarks themselves: on each JDK, each benchmark method and parameter combination in every mode, modes
 * interleaved ({@link #run(BenchJdk, Map)}), forks on that JDK with the mode's {@link JvmOptions}, JMH's output to
 * the console and to a log per JDK, mode and {@link Plan.Run}, from which every fork's agent lines are
 * checked ({@link AgentOutputCheck}); JMH's {@code gc} profiler in every fork (allocation per operation); and JMH's
 * JSON result file of the whole run.
 */
final class JmhRuns {

    private final RunSettings settings;
    private final JvmOptions jvmOptions;
    private final AgentOutputCheck agentOutput;

    JmhRuns(final RunSettings settings, final JvmOptions jvmOptions, final AgentOutputCheck agentOutput) {
        this.settings = settings;
        this.jvmOptions = jvmOptions;
        this.agentOutput = agentOutput;
    }

    /**
     * Runs {@code jdk}'s plans, interleaved: each benchmark method with each of its parameter combinations is one
     * {@link Unit}, and a unit runs in every mode whose plan has it, one mode right after the other, the modes' order
     * rotating from unit to unit. Run mode after mode instead, a slow spell of the machine falls on every row of the
     * one mode running then and on none of the others: on this project's 2-core machine, the four minutes of one run's
     * JDK 17 {@code convert=all} forks ran up to 2x slower than the same jar and settings run alone afterwards.
     * Interleaved, such a spell falls on all the modes of a few rows, whose ratios it leaves nearly as they were.
     */
    List<RunResult> run(final BenchJdk jdk, final Map<AgentMode, Plan> plans) throws IOException, RunnerException {
        List<RunResult> results = new ArrayList<>();
        Map<Path, Log> logs = new LinkedHashMap<>();
        for (Turn turn : turns(plans)) {
            Path file = settings.results().resolve("jmh-" + jdk.feature() + "-" + turn.mode().id() + "-"
                    + turn.unit().run() + ".log");
            Log log = logs.computeIfAbsent(file, f -> new Log(turn.mode(), turn.unit().run(), new ArrayList<>()));
            List<RunResult> unit = run(jdk, turn.mode(), turn.unit(), file, !log.results().isEmpty());
            log.results().addAll(unit);
            results.addAll(unit);
        }
        // every fork's agent lines, per mode and plan run: its log holds the output of all its forks
        for (Map.Entry<Path, Log> e : logs.entrySet()) {
            Log log = e.getValue();
            int forks = log.results().size() * settings.timing().forks();
            RunLog.print("JMH, " + jdk.label() + ", " + log.mode().label() + " (" + log.run() + "): " + forks
                    + (forks == 1 ? " fork" : " forks"));
            agentOutput.check(jdk, log.mode(), Files.readString(e.getKey(), StandardCharsets.UTF_8), forks,
                    "benchmark forks");
        }
        return results;
    }

    /** The log of one mode and plan run, and the results of the forks whose output it holds. */
    private record Log(AgentMode mode, String run, List<RunResult> results) {
    }

    /**
     * The order {@link #run(BenchJdk, Map)} runs {@code plans} in: the units in the plans' order (a unit first seen
     * in a later mode's plan comes where that plan has it), each unit's modes one after the other, their order
     * rotated by one more place at each unit.
     */
    List<Turn> turns(final Map<AgentMode, Plan> plans) {
        Map<Unit, List<Turn>> units = new LinkedHashMap<>();
        for (Map.Entry<AgentMode, Plan> e : plans.entrySet()) {
            for (Plan.Run run : e.getValue().runs()) {
                for (Class<?> benchmark : run.benchmarks()) {
                    for (String method : methods(benchmark)) {
                        for (Map<String, String> params : run.combinations(benchmark)) {
                            Unit unit = new Unit(run.name(), benchmark, method, params);
                            units.computeIfAbsent(unit, u -> new ArrayList<>())
                                    .add(new Turn(e.getKey(), unit));
                        }
                    }
                }
            }
        }
        List<Turn> turns = new ArrayList<>();
        int rotation = 0;
        for (List<Turn> modes : units.values()) {
            List<Turn> rotated = new ArrayList<>(modes);
            Collections.rotate(rotated, rotation++);
            turns.addAll(rotated);
        }
        return turns;
    }

    /** One unit in one mode. */
    record Turn(AgentMode mode, Unit unit) {
    }

    /** One benchmark method with one combination of its parameters, in the {@link Plan.Run} named {@code run}. */
    record Unit(String run, Class<?> benchmark, String method, Map<String, String> params) {
    }

    /** Runs {@code unit} in {@code mode}, JMH's output to the console and to {@code log} (appended, or afresh). */
    private List<RunResult> run(final BenchJdk jdk, final AgentMode mode, final Unit unit, final Path log,
                                final boolean append) throws IOException, RunnerException {
        Timing t = settings.timing();
        ChainedOptionsBuilder options = new OptionsBuilder()
                .jvm(jdk.java().toString())
                .forks(t.forks())
                .warmupIterations(t.warmupIterations())
                .warmupTime(TimeValue.milliseconds(t.warmupMillis()))
                .measurementIterations(t.iterations())
                .measurementTime(TimeValue.milliseconds(t.iterationMillis()))
                .timeout(TimeValue.minutes(5))
                .shouldFailOnError(true)
                // bytes allocated per operation for the report (gc.alloc.rate.norm): the profiler reads the JVM's
                // allocation counters between iterations, outside the measured code
                .addProfiler(GCProfiler.class)
                .jvmArgs(jvmOptions.of(mode, false).toArray(new String[0]))
                .jvmArgsAppend() // the @Fork defaults of the classes are in FORK_OPTIONS already
                .include("^" + Pattern.quote(unit.benchmark().getName()) + "\\." + Pattern.quote(unit.method()) + "$");
        for (Map.Entry<String, String> p : unit.params().entrySet()) {
            options.param(p.getKey(), p.getValue());
        }
        List<RunResult> results;
        try (OutputStream file = new FileOutputStream(log.toFile(), append);
             PrintStream tee = new PrintStream(new Tee(System.out, file), true, StandardCharsets.UTF_8)) {
            results = new ArrayList<>(new Runner(options.build(),
                    OutputFormatFactory.createFormatInstance(tee, VerboseMode.NORMAL)).run());
        }
        if (results.isEmpty()) {
            throw new IllegalStateException("JMH ran nothing of " + unit.benchmark().getSimpleName() + "."
                    + unit.method() + " " + unit.params() + " on " + jdk.label() + " in mode " + mode.id());
        }
        for (RunResult result : results) {
            String jvm = result.getParams().getJvm();
            if (!Path.of(jvm).toAbsolutePath().normalize().equals(jdk.java().toAbsolutePath().normalize())) {
                throw new IllegalStateException("JMH ran a fork on " + jvm + ", not on " + jdk.java());
            }
        }
        return results;
    }

    /** Writes JMH's JSON result file of the whole run to {@code file}. */
    static void writeJson(final List<RunResult> all, final Path file) {
        ResultFormatFactory.getInstance(ResultFormatType.JSON, file.toString()).writeOut(all);
    }

    /** How many benchmark runs the plans make and about how long JMH will take, per JDK and mode. */
    String estimate(final Map<BenchJdk, Map<AgentMode, Plan>> plans) {
        int runs = 0;
        StringBuilder text = new StringBuilder();
        for (Map.Entry<BenchJdk, Map<AgentMode, Plan>> j : plans.entrySet()) {
            text.append(j.getKey().label()).append(':');
            for (Map.Entry<AgentMode, Plan> e : j.getValue().entrySet()) {
                int n = 0;
                for (Plan.Run run : e.getValue().runs()) {
                    for (Class<?> b : run.benchmarks()) {
                        n += run.combinations(b).size() * methods(b).size();
                    }
                }
                runs += n;
                text.append(' ').append(e.getKey().id()).append('=').append(n);
            }
            text.append("; ");
        }
        return runs + " benchmark runs (" + text.toString().replaceAll("; $", "") + "), about "
                + Math.round(runs * settings.timing().seconds() / 60) + " min of JMH";
    }

    /** The {@code @Benchmark} methods of {@code benchmark} that {@code --methods} selects, by name. */
    private List<String> methods(final Class<?> benchmark) {
        Pattern methods = Pattern.compile(settings.methods());
        return Arrays.stream(benchmark.getMethods())
                .filter(m -> m.isAnnotationPresent(Benchmark.class))
                .map(Method::getName)
                .filter(n -> methods.matcher(n).matches())
                .sorted().toList();
    }
}
