package dev.serialboost.bench.run;

/**
 * JMH's forks and iterations of every benchmark of a run.
 *
 * @param forks            JVMs per benchmark
 * @param warmupIterations unmeasured iterations per fork
 * @param warmupMillis     the length of each of them
 * @param iterations       measured iterations per fork
 * @param iterationMillis  the length of each of them
 */
public record Timing(int forks, int warmupIterations, int warmupMillis, int iterations, int iterationMillis) {

    /** For the log, the run record and the page: {@code 1 fork, 2 warm-up x 1000 ms, ...}. */
    public String describe() {
        return forks + (forks == 1 ? " fork" : " forks") + ", " + warmupIterations + " warm-up x "
                + warmupMillis + " ms, " + iterations + " measured x " + iterationMillis + " ms per benchmark";
    }

    /** Seconds of one benchmark, its forks' start-up included (about 1.5 s each on two cores). */
    double seconds() {
        return forks * ((warmupIterations * warmupMillis + iterations * iterationMillis) / 1000.0 + 1.5);
    }
}
