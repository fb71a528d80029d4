package dev.serialboost.bench.report;

import dev.serialboost.bench.run.RunRecord;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * What one run left in its results directory, as the report reads it: JMH's scores ({@code jmh.json}) and the run
 * record ({@code run.properties}: machine, JDKs, sizes, agent checks, costs).
 *
 * @param scores the scores, round trips included
 * @param record the run record
 */
record RunResults(Scores scores, Properties record) {

    /** Reads both files of {@code results}; fails with what to do when either is missing. */
    static RunResults read(final Path results) throws IOException {
        Path json = results.resolve(RunRecord.JMH_JSON);
        Path props = results.resolve(RunRecord.FILE);
        if (!Files.isRegularFile(json) || !Files.isRegularFile(props)) {
            throw new IllegalStateException("no complete run in " + results + " (needs " + RunRecord.JMH_JSON + " and "
                    + RunRecord.FILE + "); run ./bench.sh --quick first");
        }
        Scores scores = Scores.read(Files.readString(json, StandardCharsets.UTF_8));
        return new RunResults(scores, RunRecord.read(props));
    }

    /**
     * The first JDK of the run (the one with every mode and the reference rows): the first of {@code run.jdks} that
     * has scores, else the lowest that has, else {@link TargetsSection#TARGET_JDK}.
     */
    int mainJdk() {
        String jdks = record.getProperty("run.jdks");
        if (jdks != null && !jdks.isBlank()) {
            int first = Integer.parseInt(jdks.split(",")[0]);
            if (scores.jdks.contains(first)) {
                return first;
            }
        }
        return scores.jdks.isEmpty() ? TargetsSection.TARGET_JDK : scores.jdks.first();
    }
}
