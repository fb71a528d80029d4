package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;

import java.util.List;

/**
 * "The two layers compared": every agent mode against no agent, round trip, one table per JDK, and {@code convert=all}
 * against the default (the ratio of the two modes' times, their errors combined).
 */
final class LayersSection implements Section {

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        md.append(Prose.text("layers")).append("\n\n");
        List<Column> modes = List.of(Column.DEFAULT, Column.CONVERTED, Column.CONVERTED_NO_ENGINE,
                Column.CONVERTED_FIELDS);
        for (int jdk : r.jdks) {
            List<Column> columns = modes.stream().filter(c -> r.has(jdk, c)).toList();
            md.append("### JDK ").append(jdk).append("\n\n| workload | pattern | no agent (ns) |");
            for (Column c : columns) {
                md.append(' ').append(c.label).append(" |");
            }
            boolean ratio = columns.contains(Column.DEFAULT) && columns.contains(Column.CONVERTED);
            md.append(ratio ? " convert=all / default |" : "")
                    .append("\n|---|---|---:|").append("---:|".repeat(columns.size() + (ratio ? 1 : 0))).append('\n');
            for (Pattern p : Pattern.values()) {
                for (Workload w : Workload.values()) {
                    Score off = r.get(jdk, Column.NO_AGENT, w, p, Op.ROUND_TRIP);
                    if (off == null || columns.stream().noneMatch(c -> r.speedup(jdk, c, w, p) != null)) {
                        continue;
                    }
                    md.append("| ").append(w).append(" | ").append(p.label).append(" | ").append(Cells.time(off))
                            .append(" |");
                    for (Column c : columns) {
                        Score s = r.speedup(jdk, c, w, p);
                        md.append(' ').append(s == null ? "—" : Cells.ratioWithError(s)).append(" |");
                    }
                    if (ratio) {
                        Score s = r.ratio(jdk, Column.DEFAULT, Column.CONVERTED, w, p, null);
                        md.append(' ').append(s == null ? "—" : Cells.ratioWithError(s)).append(" |");
                    }
                    md.append('\n');
                }
            }
            md.append('\n');
        }
    }
}
