package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;

/**
 * "The converted format against hand-written Externalizable": the converted format, as users get it (with the
 * engine), against the hand-written twins, on the run's first JDK; nothing unless both ran.
 */
final class HandWrittenSection implements Section {

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        int jdk = results.mainJdk();
        if (!r.has(jdk, Column.HANDWRITTEN) || !r.has(jdk, Column.CONVERTED)) {
            return;
        }
        md.append(Prose.render("handwritten", "jdk", jdk)).append("\n\n");
        md.append("| workload | pattern | hand-written | convert=all + engine | speed-up | verdict |\n"
                + "|---|---|---:|---:|---:|---|\n");
        for (Workload w : Workload.values()) {
            for (Pattern p : Pattern.STREAMS) {
                Score hand = r.get(jdk, Column.HANDWRITTEN, w, p, Op.ROUND_TRIP);
                Score on = r.get(jdk, Column.CONVERTED, w, p, Op.ROUND_TRIP);
                if (hand == null || on == null) {
                    continue;
                }
                Score s = hand.speedupOf(on);
                md.append("| ").append(w).append(" | ").append(p.label).append(" | ").append(Cells.time(hand))
                        .append(" | ").append(Cells.time(on)).append(" | ").append(Cells.ratioWithError(s))
                        .append(" | ").append(Cells.verdict(s, 1.0)).append(" |\n");
            }
        }
        md.append('\n');
    }
}
