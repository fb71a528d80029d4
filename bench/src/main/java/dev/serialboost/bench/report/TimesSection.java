package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * "Times": the time per object of every column, write, read and round trip, with the speed-ups against no agent;
 * on the run's first JDK one table per workload, every mode and the reference rows; on each other JDK one table.
 */
final class TimesSection implements Section {

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        int main = results.mainJdk();
        md.append(Prose.render("times", "unit", r.unit, "jdk", main)).append("\n\n");
        for (Workload w : Workload.values()) {
            if (r.has(main, w)) {
                workloadTable(md, r, main, w);
            }
        }
        for (int jdk : r.jdks) {
            if (jdk != main) {
                jdkTable(md, r, jdk);
            }
        }
    }

    private static void workloadTable(final StringBuilder md, final Scores r, final int jdk, final Workload w) {
        List<Column> columns = new ArrayList<>();
        for (Column c : Column.values()) {
            if (r.scores.keySet().stream().anyMatch(k -> k.jdk() == jdk && k.column() == c && k.workload() == w
                    && !k.pattern().client() && k.stream() == null)) {
                columns.add(c);
            }
        }
        md.append("#### ").append(w).append("\n\n").append(Prose.text("workload/" + w.name())).append("\n\n");
        header(md, "| pattern | op |", columns);
        for (Pattern p : Pattern.STREAMS) {
            for (Op op : Op.values()) {
                if (columns.stream().noneMatch(c -> r.get(jdk, c, w, p, op) != null)) {
                    continue;
                }
                md.append("| ").append(p.label).append(" | ").append(op == Op.ROUND_TRIP ? "**round trip**" : op.label)
                        .append(" |");
                cells(md, r, jdk, w, p, op, columns);
            }
        }
        md.append('\n');
    }

    /** A JDK after the first: its modes, every workload, in one table. */
    private static void jdkTable(final StringBuilder md, final Scores r, final int jdk) {
        List<Column> columns = Arrays.stream(Column.values()).filter(c -> r.has(jdk, c)).toList();
        md.append("### JDK ").append(jdk).append("\n\n");
        header(md, "| workload | pattern | op |", columns);
        for (Workload w : Workload.values()) {
            for (Pattern p : Pattern.STREAMS) {
                for (Op op : Op.values()) {
                    if (columns.stream().noneMatch(c -> r.get(jdk, c, w, p, op) != null)) {
                        continue;
                    }
                    md.append("| ").append(w).append(" | ").append(p.label).append(" | ")
                            .append(op == Op.ROUND_TRIP ? "**round trip**" : op.label).append(" |");
                    cells(md, r, jdk, w, p, op, columns);
                }
            }
        }
        md.append('\n');
    }

    private static void header(final StringBuilder md, final String first, final List<Column> columns) {
        md.append(first);
        int cells = 0;
        for (Column c : columns) {
            md.append(' ').append(c.label).append(" |");
            cells++;
            if (c.agent()) {
                md.append(" speed-up |");
                cells++;
            }
        }
        md.append('\n').append(first.replaceAll("[^|]+", "---")).append("---:|".repeat(cells)).append('\n');
    }

    private static void cells(final StringBuilder md, final Scores r, final int jdk, final Workload w,
                              final Pattern p, final Op op, final List<Column> columns) {
        boolean rt = op == Op.ROUND_TRIP;
        Score off = r.get(jdk, Column.NO_AGENT, w, p, op);
        for (Column c : columns) {
            Score s = r.get(jdk, c, w, p, op);
            md.append(' ').append(s == null ? "—" : Cells.time(s)).append(" |");
            if (c.agent()) {
                String x = s == null || off == null ? "—" : Cells.ratioWithError(off.speedupOf(s));
                md.append(' ').append(rt && !x.equals("—") ? "**" + x + "**" : x).append(" |");
            }
        }
        md.append('\n');
    }
}
