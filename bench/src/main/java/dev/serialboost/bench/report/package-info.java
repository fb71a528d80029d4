/**
 * The page {@code docs/benchmarks.md} and its chart, from one run's results: {@code RunResults} reads JMH's
 * {@code jmh.json} ({@code Scores}) and the run record; {@link dev.serialboost.bench.report.BenchmarksPage} writes the
 * introduction, the {@code Caveats} and one {@code Section} after the other, one class per section;
 * {@code SpeedupChart} draws the chart. {@link dev.serialboost.bench.ReportGenerator} is the command.
 */
package dev.serialboost.bench.report;
