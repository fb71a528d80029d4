package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;
import dev.serialboost.bench.framework.FrameworkStream;

/**
 * "Streams frameworks use": {@code FrameworkStreamBenchmark}'s stream subclasses (an overridden {@code resolveClass},
 * own compact class descriptors, class annotations), round trip, per JDK: no agent, the default's and
 * {@code convert=all}'s speed-ups and the ratio of the two modes; nothing when the run measured none.
 */
final class FrameworkStreamsSection implements Section {

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        if (!r.hasStreams()) {
            return;
        }
        md.append(Prose.text("frameworks")).append("\n\n");
        for (int jdk : r.jdks) {
            StringBuilder rows = new StringBuilder();
            for (FrameworkStream stream : FrameworkStream.values()) {
                for (Workload w : Workload.values()) {
                    for (Pattern p : Pattern.STREAMS) {
                        Score off = r.get(jdk, Column.NO_AGENT, w, p, Op.ROUND_TRIP, stream);
                        if (off == null) {
                            continue;
                        }
                        rows.append("| ").append(label(stream)).append(" | ").append(w).append(" | ").append(p.label)
                                .append(" | ").append(Cells.time(off)).append(" | ")
                                .append(cell(r.speedup(jdk, Column.DEFAULT, w, p, stream))).append(" | ")
                                .append(cell(r.speedup(jdk, Column.CONVERTED, w, p, stream))).append(" | ")
                                .append(cell(r.ratio(jdk, Column.DEFAULT, Column.CONVERTED, w, p, stream)))
                                .append(" |\n");
                    }
                }
            }
            if (rows.isEmpty()) {
                continue;
            }
            md.append("### JDK ").append(jdk).append("\n\n")
                    .append("| stream | workload | pattern | no agent (ns) | ").append(Column.DEFAULT.label).append(" | ")
                    .append(Column.CONVERTED.label).append(" | convert=all / default |\n")
                    .append("|---|---|---|---:|---:|---:|---:|\n").append(rows).append('\n');
        }
    }

    /** How the tables name a stream kind, with who writes streams like it. */
    static String label(final FrameworkStream stream) {
        return switch (stream) {
            case RESOLVE_CLASS -> "`resolveClass` overridden (Spring, commons-lang3)";
            case COMPACT_DESCRIPTORS -> "own class descriptors (cache, codec)";
            case ANNOTATE_CLASS -> "`annotateClass` (as RMI)";
        };
    }

    private static String cell(final Score s) {
        return s == null ? "—" : Cells.ratioWithError(s);
    }
}
