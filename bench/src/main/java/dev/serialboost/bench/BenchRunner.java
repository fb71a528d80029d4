package dev.serialboost.bench;

import dev.serialboost.bench.run.BenchRun;
import dev.serialboost.bench.run.CostMeasurements;
import dev.serialboost.bench.run.RunDescription;
import dev.serialboost.bench.run.RunRecord;
import dev.serialboost.bench.run.RunSettings;
import dev.serialboost.bench.run.Timing;

import java.util.Arrays;
import java.util.Locale;

/**
 * The before/after run: one invocation that runs the same JMH benchmark methods in forks of every {@link AgentMode}
 * (no agent; the agent's default, the engine layer; the converted format with the engine, bulk and per-field body;
 * the converted format without the engine), on one or more JDKs, each against its own plain JDK; plus the reference
 * rows without the agent on the first JDK. It checks that the agent did what each fork promises, measures what the
 * agent costs on each JDK, and writes the results and {@code docs/benchmarks.md}. {@code ../bench.sh} builds the
 * jars and calls it.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar dev.serialboost.bench.BenchRunner --profile quick
 *      [--jdks 17,21,25 | --jdk HOME ...] [--modes off,default,...] [--other-jdk-modes off,default,converted]
 *      [--agent agent/target/serialboost-agent.jar] [--results bench/target/bench-results] [--docs docs]
 *      [--workloads MarketData,Employee] [--methods 'write.*'] [--forks N] [--warmup N] [--iterations N]
 *      [--iteration-ms N] [--skip-reference] [--skip-cost] [--cost-only] [--report-only]
 * </pre>
 *
 * <p>This class is the command: its profiles and its exit codes (2 for a command line it cannot take, 1 for a run
 * that failed). The run itself is {@link BenchRun}, each step a class of {@code dev.serialboost.bench.run}: the
 * command line ({@link RunSettings}); the run's description ({@link RunDescription}); a self-check per JDK and mode,
 * and the default mode's bytes compared with no agent's; the JMH forks, whose agent lines are checked; what the agent
 * costs on each JDK ({@link CostMeasurements}); the run record ({@link RunRecord}); the page ({@link ReportGenerator}).
 */
public final class BenchRunner {

    /** How long and how often: {@code --profile}, each value replaceable by its own option. */
    public enum Profile {
        /** The integration test's: proves the pipeline, measures nothing worth reading. */
        SMOKE(1, 0, 100, 3, 100, 2, 1, 1),
        /**
         * Half an hour a JDK on two cores: one fork, 5 warm-up iterations of 1 s (with fewer, the JIT was still
         * compiling the streams' code in a third of the measured iterations), then 5 measured of 0.5 s (5 rather
         * than 3 narrow JMH's error about fourfold, as its interval takes Student's t of n - 1 degrees).
         */
        QUICK(1, 5, 1000, 5, 500, 10, 3, 7),
        /** Two forks, 3 warm-up and 5 measured iterations of 1 s. */
        FULL(2, 3, 1000, 5, 1000, 30, 5, 21);

        private final Timing timing;
        private final int startupRuns;
        private final int transformRuns;
        private final int classLoadingRounds;

        Profile(final int forks, final int warmupIterations, final int warmupMillis, final int iterations,
                final int iterationMillis, final int startupRuns, final int transformRuns,
                final int classLoadingRounds) {
            this.timing = new Timing(forks, warmupIterations, warmupMillis, iterations, iterationMillis);
            this.startupRuns = startupRuns;
            this.transformRuns = transformRuns;
            this.classLoadingRounds = classLoadingRounds;
        }

        /** The name {@code --profile} takes. */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** JMH's forks and iterations. */
        public Timing timing() {
            return timing;
        }

        /** Runs of each start-up row. */
        public int startupRuns() {
            return startupRuns;
        }

        /** Runs of the transform-time measurement. */
        public int transformRuns() {
            return transformRuns;
        }

        /**
         * Rounds of the class-loading measurement ({@code --class-loading-rounds}): its per-class cost is a difference
         * of a few percent of each run, which three runs could not tell from the machine's noise.
         */
        public int classLoadingRounds() {
            return classLoadingRounds;
        }
    }

    private BenchRunner() {
    }

    public static void main(final String[] args) {
        RunSettings settings;
        try {
            settings = RunSettings.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("[bench] " + e.getMessage());
            System.err.println(RunSettings.USAGE);
            System.err.println("modes: " + Arrays.stream(AgentMode.values()).map(AgentMode::id).toList());
            System.exit(2);
            return;
        }
        try {
            new BenchRun(settings).run();
        } catch (Exception | AssertionError e) {
            System.err.println();
            System.err.println("[bench] FAILED: " + e.getMessage());
            if (!(e instanceof IllegalStateException)) {
                e.printStackTrace();
            }
            System.exit(1);
        }
    }
}
