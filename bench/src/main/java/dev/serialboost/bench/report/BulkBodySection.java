package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;

/**
 * "Bulk body against per-field body (MarketData)": the converted format's two bodies of an all-primitive class
 * against each other and against no agent, on the run's first JDK; nothing unless both ran.
 */
final class BulkBodySection implements Section {

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        int jdk = results.mainJdk();
        Workload w = Workload.MarketData;
        if (!r.has(jdk, Column.CONVERTED_FIELDS) || !r.has(jdk, Column.CONVERTED)) {
            return;
        }
        md.append(Prose.render("bulk", "jdk", jdk)).append("\n\n");
        md.append("| pattern | op | no agent | per-field | bulk | per-field vs no agent | bulk vs no agent "
                + "| bulk vs per-field |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (Pattern p : Pattern.STREAMS) {
            for (Op op : Op.values()) {
                Score off = r.get(jdk, Column.NO_AGENT, w, p, op);
                Score fields = r.get(jdk, Column.CONVERTED_FIELDS, w, p, op);
                Score bulk = r.get(jdk, Column.CONVERTED, w, p, op);
                if (off == null || fields == null || bulk == null) {
                    continue;
                }
                md.append("| ").append(p.label).append(" | ").append(op.label).append(" | ").append(Cells.time(off))
                        .append(" | ").append(Cells.time(fields)).append(" | ").append(Cells.time(bulk)).append(" | ")
                        .append(Cells.ratioWithError(off.speedupOf(fields))).append(" | ")
                        .append(Cells.ratioWithError(off.speedupOf(bulk))).append(" | ")
                        .append(Cells.ratioWithError(fields.speedupOf(bulk))).append(" |\n");
            }
        }
        md.append('\n');
    }
}
