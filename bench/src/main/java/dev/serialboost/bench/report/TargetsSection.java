package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;
import dev.serialboost.bench.framework.FrameworkStream;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * "Targets": the speed-ups the issues ask for ({@link #TARGETS}), each with what the run measured and a verdict; the
 * floor no row of the headline may fall below ({@link #FLOOR}); summary lines, each the lowest (or highest) of many
 * rows against one target: every workload per pattern and JDK, the framework-style streams, {@code convert=all}
 * against the default, its bytes per stream, the default's allocation; then where the gain comes from.
 */
final class TargetsSection implements Section {

    /**
     * A target of the issues: a mode against {@code base} (no agent, or the default for the converted format's own
     * targets), round trip, on one JDK (17 unless said otherwise).
     */
    record Target(Workload workload, Pattern pattern, Column base, Column column, int jdk, double factor) {
        Target(final Workload workload, final Pattern pattern, final Column column, final int jdk,
               final double factor) {
            this(workload, pattern, Column.NO_AGENT, column, jdk, factor);
        }

        /** The mode column of the table. */
        String mode() {
            return base == Column.NO_AGENT ? column.label : "convert=all / default";
        }
    }

    /** A named ratio, a row of a summary line. */
    private record Named(String name, Score score) {
    }

    /** The JDK the targets are stated for. */
    static final int TARGET_JDK = 17;
    static final List<Target> TARGETS = List.of(
            // the engine layer: one object per stream
            new Target(Workload.MarketData, Pattern.ONE, Column.DEFAULT, TARGET_JDK, 3.0),
            new Target(Workload.Employee, Pattern.ONE, Column.DEFAULT, TARGET_JDK, 1.6),
            new Target(Workload.Order, Pattern.ONE, Column.DEFAULT, TARGET_JDK, 1.5),
            new Target(Workload.Sample, Pattern.ONE, Column.DEFAULT, TARGET_JDK, 1.0),
            // the engine's per-object paths: long streams
            new Target(Workload.MarketData, Pattern.THOUSAND, Column.DEFAULT, TARGET_JDK, 1.4),
            new Target(Workload.Order, Pattern.THOUSAND, Column.DEFAULT, TARGET_JDK, 1.4),
            new Target(Workload.Sample, Pattern.THOUSAND, Column.DEFAULT, TARGET_JDK, 2.0),
            new Target(Workload.Employee, Pattern.THOUSAND, Column.DEFAULT, TARGET_JDK, 1.15),
            new Target(Workload.MarketData, Pattern.THOUSAND, Column.DEFAULT, 25, 1.15),
            // both layers together
            new Target(Workload.MarketData, Pattern.ONE, Column.CONVERTED, TARGET_JDK, 4.0),
            // issue 36 item 3: a real client
            new Target(Workload.CustomerOrder, Pattern.CLONE, Column.DEFAULT, TARGET_JDK, 2.0),
            new Target(Workload.CustomerOrder, Pattern.CLONE_LIST, Column.DEFAULT, TARGET_JDK, 2.0),
            // issue 35 item 3: the converted format clearly faster than the default where it can be
            new Target(Workload.MarketData, Pattern.ONE, Column.DEFAULT, Column.CONVERTED, TARGET_JDK, 1.3),
            new Target(Workload.MarketData, Pattern.THOUSAND, Column.DEFAULT, Column.CONVERTED, TARGET_JDK, 1.3),
            new Target(Workload.Order, Pattern.ONE, Column.DEFAULT, Column.CONVERTED, TARGET_JDK, 1.3),
            new Target(Workload.Order, Pattern.THOUSAND, Column.DEFAULT, Column.CONVERTED, TARGET_JDK, 1.3));
    /** A target for every workload of one pattern, in the default mode against no agent, on one JDK. */
    private record EveryWorkload(Pattern pattern, int jdk, double factor) {
    }

    /** Issue 36 item 3: every workload's speed-up in the default mode, per pattern and JDK. */
    private static final List<EveryWorkload> EVERY_WORKLOAD = List.of(
            new EveryWorkload(Pattern.THOUSAND, TARGET_JDK, 2.5),
            new EveryWorkload(Pattern.ONE, TARGET_JDK, 3.0),
            new EveryWorkload(Pattern.THOUSAND, 21, 2.0),
            new EveryWorkload(Pattern.THOUSAND, 25, 2.0));
    /** Issue 36 items 0 and 3: the framework-style streams in the default mode, on JDK 17 and on every JDK. */
    static final double FRAMEWORK_TARGET = 1.5;
    static final double FRAMEWORK_FLOOR = 1.0;
    /** Issue 35 item 3: a one-per-stream stream of {@code convert=all} at most this fraction of the default's bytes. */
    static final double SIZE_TARGET = 0.8;
    /** No row of the agent's default may be slower than this against no agent (round trip, any JDK, any pattern). */
    static final double FLOOR = 1.0;
    /** Issue 37: statistics on cost at most 2% of the default's time on any row (default / stats at least this). */
    static final double STATS_TARGET = 0.98;

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        int targetJdk = r.jdks.contains(TARGET_JDK) ? TARGET_JDK : results.mainJdk();
        md.append(Prose.render("targets", "targetJdk", TARGET_JDK,
                "instead", targetJdk == TARGET_JDK ? "" : " (not in this run: JDK " + targetJdk + " instead)",
                "floor", Cells.ratio(FLOOR))).append("\n\n");
        md.append("| workload | pattern | mode | JDK | target | measured | verdict |\n"
                + "|---|---|---|---|---:|---:|---|\n");
        for (Target t : TARGETS) {
            int jdk = t.jdk == TARGET_JDK ? targetJdk : t.jdk;
            Score s = r.jdks.contains(jdk) ? r.ratio(jdk, t.base, t.column, t.workload, t.pattern, null) : null;
            if (s == null) {
                continue;
            }
            md.append("| ").append(t.workload).append(" | ").append(t.pattern.label).append(" | ")
                    .append(t.mode()).append(" | ").append(jdk).append(" | ")
                    .append(t.factor == 1.0 ? "no slower" : "≥ " + Cells.ratio(t.factor)).append(" | ")
                    .append(Cells.ratioWithError(s)).append(" | ").append(Cells.verdict(s, t.factor)).append(" |\n");
        }
        List<String> notes = new ArrayList<>();
        floor(md, r, notes);
        for (EveryWorkload t : EVERY_WORKLOAD) {
            Pattern p = t.pattern;
            int jdk = t.jdk == TARGET_JDK ? targetJdk : t.jdk;
            List<Named> rows = new ArrayList<>();
            for (Workload w : Workload.values()) {
                add(rows, w + ", JDK " + jdk, r.speedup(jdk, Column.DEFAULT, w, p));
            }
            summary(md, "every workload, " + p.label, Column.DEFAULT.label, String.valueOf(jdk), t.factor, rows, null);
        }
        List<Named> frameworks17 = new ArrayList<>();
        List<Named> frameworks = new ArrayList<>();
        List<Named> convertedRows = new ArrayList<>();
        List<Named> statsRows = new ArrayList<>();
        List<Named> recordRows = new ArrayList<>();
        for (int jdk : r.jdks) {
            for (FrameworkStream stream : FrameworkStream.values()) {
                for (Workload w : Workload.values()) {
                    for (Pattern p : Pattern.STREAMS) {
                        String name = FrameworkStreamsSection.label(stream) + ", " + p.label + ", JDK " + jdk;
                        Score s = r.speedup(jdk, Column.DEFAULT, w, p, stream);
                        add(frameworks, name, s);
                        if (jdk == targetJdk) {
                            add(frameworks17, name, s);
                        }
                        add(convertedRows, name, r.ratio(jdk, Column.DEFAULT, Column.CONVERTED, w, p, stream));
                    }
                }
            }
            for (HeadlineSection.Row row : HeadlineSection.rows(r)) {
                String name = row.workload() + ", " + row.pattern().label + ", JDK " + jdk;
                add(convertedRows, name,
                        r.ratio(jdk, Column.DEFAULT, Column.CONVERTED, row.workload(), row.pattern(), null));
                add(statsRows, name, r.ratio(jdk, Column.DEFAULT, Column.STATS, row.workload(), row.pattern(), null));
                add(recordRows, name,
                        r.ratio(jdk, Column.DEFAULT, Column.RECORD, row.workload(), row.pattern(), null));
            }
        }
        summary(md, "every framework-style stream", Column.DEFAULT.label, String.valueOf(targetJdk), FRAMEWORK_TARGET,
                frameworks17, null);
        summary(md, "every framework-style stream", Column.DEFAULT.label, "all", FRAMEWORK_FLOOR, frameworks, notes);
        summary(md, "every row, convert=all against the default", "convert=all / default", "all", 1.0,
                convertedRows, notes);
        summary(md, "every row, statistics on against the default", "stats / default", "all", STATS_TARGET,
                statsRows, notes);
        summary(md, "every row, recording classes against the default", "record-classes / default", "all", 1.0,
                recordRows, notes);
        sizes(md, results.record(), results.mainJdk());
        allocation(md, r, notes);
        md.append('\n');
        for (String note : notes) {
            md.append(note).append("\n\n");
        }
        md.append(Prose.text("gain")).append("\n\n");
    }

    private static void add(final List<Named> rows, final String name, final Score s) {
        if (s != null) {
            rows.add(new Named(name, s));
        }
    }

    /**
     * A summary line: the lowest of {@code rows} against {@code target}; with {@code notes}, a sentence naming the
     * rows below the target. Nothing when there are no rows.
     */
    private static void summary(final StringBuilder md, final String what, final String mode, final String jdks,
                                final double target, final List<Named> rows, final List<String> notes) {
        if (rows.isEmpty()) {
            return;
        }
        Named lowest = rows.get(0);
        String verdict = "met";
        List<String> below = new ArrayList<>();
        for (Named n : rows) {
            if (n.score.value() < lowest.score.value()) {
                lowest = n;
            }
            if (n.score.value() < target) {
                String v = Cells.verdict(n.score, target);
                below.add(n.name + ": " + Cells.ratioWithError(n.score) + " (" + v + ")");
                verdict = verdict.equals("**missed**") ? verdict : v;
            }
        }
        md.append("| ").append(what).append(" (").append(rows.size()).append(") | | ").append(mode).append(" | ")
                .append(jdks).append(" | ≥ ").append(Cells.ratio(target)).append(" | lowest ")
                .append(Cells.ratioWithError(lowest.score)).append(" (").append(lowest.name).append(") | ")
                .append(verdict).append(" |\n");
        if (notes != null && !below.isEmpty()) {
            notes.add(capitalized(what) + " below " + Cells.ratio(target) + ": " + String.join("; ", below) + ".");
        }
    }

    private static String capitalized(final String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * Issue 35 item 3: every one-per-stream stream of {@code convert=all} at least 20% smaller than the default's
     * (the self-checks' sizes, the run's first JDK); nothing without both modes' sizes.
     */
    private static void sizes(final StringBuilder md, final Properties run, final int jdk) {
        Named largest = null;
        int count = 0;
        for (Workload w : Workload.values()) {
            String converted = run.getProperty(SizesSection.sizeKey(Column.CONVERTED, w, Pattern.ONE));
            String plain = run.getProperty(SizesSection.sizeKey(Column.DEFAULT, w, Pattern.ONE));
            if (converted == null || plain == null) {
                continue;
            }
            count++;
            double fraction = Long.parseLong(converted) / (double) Long.parseLong(plain);
            if (largest == null || fraction > largest.score.value()) {
                largest = new Named(w.name(), new Score(fraction, Double.NaN));
            }
        }
        if (largest == null) {
            return;
        }
        md.append("| every workload, bytes per stream (").append(count).append(") | one per stream | ")
                .append(Column.CONVERTED.label).append(" | ").append(jdk).append(" | ≤ ")
                .append(Cells.ratio(SIZE_TARGET)).append(" of the default's | largest ")
                .append(Cells.ratio(largest.score.value())).append(" (").append(largest.name).append(") | ")
                .append(Cells.verdictAtMost(largest.score, SIZE_TARGET)).append(" |\n");
    }

    /**
     * Issue 36 item 3: the default allocates no more per operation than no agent (JMH's {@code gc} profiler), every
     * row with both figures; nothing when the run had no profiler.
     */
    private static void allocation(final StringBuilder md, final Scores r, final List<String> notes) {
        Named highest = null;
        int count = 0;
        List<String> above = new ArrayList<>();
        String verdict = "met";
        for (int jdk : r.jdks) {
            for (AllocationSection.Row row : AllocationSection.rows(r, jdk)) {
                Score off = AllocationSection.bytes(r, jdk, Column.NO_AGENT, row);
                Score on = AllocationSection.bytes(r, jdk, Column.DEFAULT, row);
                if (off == null || on == null || off.value() <= 0) {
                    continue;
                }
                count++;
                // the default's bytes against no agent's: at most 1, within the default's error
                Score ratio = new Score(on.value() / off.value(),
                        Double.isNaN(on.error()) ? Double.NaN : (on.error() + off.error()) / off.value());
                String name = row.label().replace(" | ", ", ") + ", JDK " + jdk;
                if (highest == null || ratio.value() > highest.score.value()) {
                    highest = new Named(name, ratio);
                }
                if (ratio.value() > 1.0) {
                    String v = Cells.verdictAtMost(ratio, 1.0);
                    above.add(name + ": " + Cells.ratioWithError(ratio) + " (" + v + ")");
                    verdict = verdict.equals("**missed**") ? verdict : v;
                }
            }
        }
        if (highest == null) {
            return;
        }
        md.append("| every row, bytes allocated per operation (").append(count).append(") | | ")
                .append(Column.DEFAULT.label).append(" | all | ≤ 1.00x no agent's | highest ")
                .append(Cells.ratioWithError(highest.score)).append(" (").append(highest.name).append(") | ")
                .append(verdict).append(" |\n");
        if (!above.isEmpty()) {
            notes.add("Rows allocating more than without the agent: " + String.join("; ", above) + ".");
        }
    }

    /** The floor's row (the lowest of the headline's ratios) and the rows below it. */
    private static void floor(final StringBuilder md, final Scores r, final List<String> notes) {
        Score lowest = null;
        String lowestRow = null;
        List<String> below = new ArrayList<>();
        String floorVerdict = "met";
        int count = 0;
        for (HeadlineSection.Row row : HeadlineSection.rows(r)) {
            for (int jdk : r.jdks) {
                Score s = r.speedup(jdk, Column.DEFAULT, row.workload(), row.pattern());
                if (s == null) {
                    continue;
                }
                count++;
                String name = row.workload() + ", " + row.pattern().label + ", JDK " + jdk;
                if (lowest == null || s.value() < lowest.value()) {
                    lowest = s;
                    lowestRow = name;
                }
                if (s.value() < FLOOR) {
                    String v = Cells.verdict(s, FLOOR);
                    below.add(name + ": " + Cells.ratioWithError(s) + " (" + v + ")");
                    floorVerdict = floorVerdict.equals("**missed**") ? floorVerdict : v;
                }
            }
        }
        if (lowest != null) {
            md.append("| every row above (").append(count).append(") | | ").append(Column.DEFAULT.label)
                    .append(" | all | ≥ ").append(Cells.ratio(FLOOR))
                    .append(" | lowest ").append(Cells.ratioWithError(lowest)).append(" (").append(lowestRow)
                    .append(") | ").append(floorVerdict).append(" |\n");
        }
        if (!below.isEmpty()) {
            notes.add("Rows below " + Cells.ratio(FLOOR) + ": " + String.join("; ", below) + ".");
        }
    }
}
