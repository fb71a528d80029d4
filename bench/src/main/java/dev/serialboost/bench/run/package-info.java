/**
 * The before/after run of {@link dev.serialboost.bench.BenchRunner}, one class per step: the command line
 * ({@link dev.serialboost.bench.run.RunSettings}), the steps in order ({@link dev.serialboost.bench.run.BenchRun}),
 * the self-checks, the JMH forks and the checks of the agent's lines in them, the cost measurements (start-up,
 * transform time, class loading), and the run record ({@link dev.serialboost.bench.run.RunRecord},
 * {@code run.properties}) that the report reads next to JMH's {@code jmh.json}.
 *
 * <p>Nothing here runs in a benchmark JVM: the forks and child JVMs run the benchmark classes and small applications
 * of {@code dev.serialboost.bench}, with or without the agent.
 */
package dev.serialboost.bench.run;
