package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;

import java.util.ArrayList;
import java.util.List;

/**
 * "Targets": the speed-ups the issues ask for ({@link #TARGETS}), each with what the run measured and a verdict, and
 * the floor no row of the headline may fall below ({@link #FLOOR}); then where the gain comes from.
 */
final class TargetsSection implements Section {

    /** A target of the issues: a mode against no agent, round trip, on one JDK (17 unless said otherwise). */
    record Target(Workload workload, Pattern pattern, Column column, int jdk, double factor) {
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
            new Target(Workload.MarketData, Pattern.ONE, Column.CONVERTED, TARGET_JDK, 4.0));
    /** No row of the agent's default may be slower than this against no agent (round trip, any JDK, any pattern). */
    static final double FLOOR = 0.97;

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
            Score s = r.jdks.contains(jdk) ? r.speedup(jdk, t.column, t.workload, t.pattern) : null;
            if (s == null) {
                continue;
            }
            md.append("| ").append(t.workload).append(" | ").append(t.pattern.label).append(" | ")
                    .append(t.column.label).append(" | ").append(jdk).append(" | ")
                    .append(t.factor == 1.0 ? "no slower" : "≥ " + Cells.ratio(t.factor)).append(" | ")
                    .append(Cells.ratioWithError(s)).append(" | ").append(Cells.verdict(s, t.factor)).append(" |\n");
        }
        floor(md, r);
        md.append(Prose.text("gain")).append("\n\n");
    }

    /** The floor's row (the lowest of the headline's ratios) and the rows below it. */
    private static void floor(final StringBuilder md, final Scores r) {
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
        md.append('\n');
        if (!below.isEmpty()) {
            md.append("Rows below ").append(Cells.ratio(FLOOR)).append(": ").append(String.join("; ", below))
                    .append(".\n\n");
        }
    }
}
