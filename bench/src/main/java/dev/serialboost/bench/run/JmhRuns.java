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
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The benchmarks themselves: one JMH run per JDK, mode and {@link Plan.Run}, forks on that JDK with the mode's
 * {@link JvmOptions}, JMH's output to the console and to a log per run, from which every fork's agent lines are
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

    /** Runs the benchmarks of {@code run} that {@code --methods} selects; empty when it selects none. */
    List<RunResult> run(final BenchJdk jdk, final AgentMode mode, final Plan.Run run)
            throws IOException, RunnerException {
        List<Class<?>> benchmarks = run.benchmarks().stream().filter(b -> !methods(b).isEmpty()).toList();
        if (benchmarks.isEmpty()) {
            return List.of();
        }
        RunLog.print("JMH, " + jdk.label() + ", " + mode.label() + " (" + run.name() + ")");
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
                .jvmArgsAppend(); // the @Fork defaults of the classes are in FORK_OPTIONS already
        for (Class<?> b : benchmarks) {
            options.include("^" + Pattern.quote(b.getName()) + "\\.(" + settings.methods() + ")$");
        }
        for (Map.Entry<String, List<String>> p : run.params().entrySet()) {
            options.param(p.getKey(), p.getValue().toArray(new String[0]));
        }
        Path log = settings.results().resolve("jmh-" + jdk.feature() + "-" + mode.id() + "-" + run.name() + ".log");
        List<RunResult> results;
        try (OutputStream file = new FileOutputStream(log.toFile());
             PrintStream tee = new PrintStream(new Tee(System.out, file), true, StandardCharsets.UTF_8)) {
            results = new ArrayList<>(new Runner(options.build(),
                    OutputFormatFactory.createFormatInstance(tee, VerboseMode.NORMAL)).run());
        }
        if (results.isEmpty()) {
            throw new IllegalStateException("JMH ran nothing on " + jdk.label() + " in mode " + mode.id()
                    + " (methods '" + settings.methods() + "')");
        }
        for (RunResult result : results) {
            String jvm = result.getParams().getJvm();
            if (!Path.of(jvm).toAbsolutePath().normalize().equals(jdk.java().toAbsolutePath().normalize())) {
                throw new IllegalStateException("JMH ran a fork on " + jvm + ", not on " + jdk.java());
            }
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        agentOutput.check(jdk, mode, output, results.size() * t.forks(), "benchmark forks");
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
