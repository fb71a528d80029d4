package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;

/**
 * "Real clients": JDK RMI, commons-lang3's clone, a file journal, a cache's serializing tier and a JDBC
 * {@code JAVA_OBJECT} column, as their users use them; per JDK and client, the time without the agent, each agent
 * mode's speed-up and {@code convert=all} against the default; nothing when the run had no real client.
 */
final class ClientsSection implements Section {

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        if (Pattern.CLIENTS.stream().noneMatch(r::has)) {
            return;
        }
        md.append(Prose.text("clients")).append("\n\n");
        md.append("| JDK | client | argument | no agent (ns) | ").append(Column.DEFAULT.label).append(" | ")
                .append(Column.CONVERTED.label).append(" | ").append(Column.CONVERTED_NO_ENGINE.label)
                .append(" | convert=all / default |\n|---|---|---|---:|---:|---:|---:|---:|\n");
        for (int jdk : r.jdks) {
            for (Pattern p : Pattern.CLIENTS) {
                for (Workload w : Workload.values()) {
                    Score off = r.get(jdk, Column.NO_AGENT, w, p, Op.ROUND_TRIP);
                    if (off == null) {
                        continue;
                    }
                    md.append("| ").append(jdk).append(" | ").append(p.label).append(" | ").append(w).append(" | ")
                            .append(Cells.time(off)).append(" | **")
                            .append(cell(r.speedup(jdk, Column.DEFAULT, w, p))).append("** | ")
                            .append(cell(r.speedup(jdk, Column.CONVERTED, w, p))).append(" | ")
                            .append(cell(r.speedup(jdk, Column.CONVERTED_NO_ENGINE, w, p))).append(" | ")
                            .append(cell(r.ratio(jdk, Column.DEFAULT, Column.CONVERTED, w, p, null))).append(" |\n");
                }
            }
        }
        md.append('\n');
    }

    private static String cell(final Score s) {
        return s == null ? "—" : Cells.ratioWithError(s);
    }
}
