/**
 * The page {@code docs/benchmarks.md} and its chart, from one run's results: {@code RunResults} reads JMH's
 * {@code jmh.json} ({@code Scores}) and the run record; {@link dev.serialboost.bench.report.BenchmarksPage} writes the
 * introduction, the {@code Caveats} and one {@code Section} after the other, one class per section;
 * {@code SpeedupChart} draws the chart. {@link dev.serialboost.bench.ReportGenerator} is the command.
 *
 * <p>The page's prose is not here but in the module's resources, {@code src/main/resources/report/*.md}: markdown
 * templates with {@code {{placeholders}}} ({@code Prose}), one per paragraph or group of paragraphs; the sections keep
 * the tables and the fragments they compute. {@code ReportGeneratorTest} holds the page of a recorded run byte for
 * byte, so that a change to a template or a section shows in the diff of {@code recorded/benchmarks.md}.
 */
package dev.serialboost.bench.report;
