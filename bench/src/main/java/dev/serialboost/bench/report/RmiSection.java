package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;

import java.util.List;

/**
 * "A real client: JDK RMI": the time per remote call without the agent and in each agent mode, and the speed-ups;
 * nothing when the run had no RMI benchmark.
 */
final class RmiSection implements Section {

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        if (!r.has(Pattern.RMI)) {
            return;
        }
        md.append(Prose.text("rmi")).append("\n\n");
        List<Column> modes = List.of(Column.DEFAULT, Column.CONVERTED, Column.CONVERTED_NO_ENGINE);
        md.append("| JDK | argument | no agent |");
        for (Column c : modes) {
            md.append(' ').append(c.label).append(" | speed-up |");
        }
        md.append("\n|---|---|---:|").append("---:|---:|".repeat(modes.size())).append('\n');
        for (int jdk : r.jdks) {
            for (Workload w : Workload.values()) {
                Score off = r.get(jdk, Column.NO_AGENT, w, Pattern.RMI, Op.ROUND_TRIP);
                if (off == null) {
                    continue;
                }
                md.append("| ").append(jdk).append(" | ").append(w).append(" | ").append(Cells.time(off)).append(" |");
                for (Column c : modes) {
                    Score s = r.get(jdk, c, w, Pattern.RMI, Op.ROUND_TRIP);
                    md.append(' ').append(s == null ? "—" : Cells.time(s)).append(" | ")
                            .append(s == null ? "—" : "**" + Cells.ratioWithError(off.speedupOf(s)) + "**")
                            .append(" |");
                }
                md.append('\n');
            }
        }
        md.append('\n');
    }
}
