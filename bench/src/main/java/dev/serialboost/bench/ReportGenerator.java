package dev.serialboost.bench;

import dev.serialboost.bench.report.BenchmarksPage;
import dev.serialboost.bench.run.RunRecord;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Turns one run's results ({@code jmh.json}: JMH's own JSON result file, and {@code run.properties}: machine, JDKs,
 * sizes, agent checks and costs, both written by {@link BenchRunner}) into {@code docs/benchmarks.md} and its chart
 * {@code docs/benchmarks.png}. Every ratio on the page is computed from scores of the same run, and every JDK's rows
 * against that JDK without the agent. The page, its sections and the chart are {@link BenchmarksPage} and the other
 * classes of {@code dev.serialboost.bench.report}; the run record is {@link RunRecord}.
 *
 * <p>{@code java -cp benchmarks.jar dev.serialboost.bench.ReportGenerator RESULTS_DIR DOCS_DIR} (or
 * {@code ./bench.sh --report-only}) rewrites the page from the results of the last run.
 */
public final class ReportGenerator {

    private ReportGenerator() {
    }

    public static void main(final String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: ReportGenerator RESULTS_DIR DOCS_DIR");
            System.exit(2);
        }
        for (Path p : write(Path.of(args[0]), Path.of(args[1]))) {
            System.out.println("wrote " + p);
        }
    }

    /** Reads {@code results}, writes the page and the chart into {@code docs}; returns both paths. */
    public static List<Path> write(final Path results, final Path docs) throws IOException {
        return BenchmarksPage.write(results, docs);
    }
}
