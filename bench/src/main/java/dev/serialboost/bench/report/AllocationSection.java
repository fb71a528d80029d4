package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;
import dev.serialboost.bench.framework.FrameworkStream;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * "Allocation per operation": JMH's {@code gc} profiler's {@value Scores#ALLOCATION} (bytes allocated per operation;
 * for the 1,000-object stream, per object), round trip, per JDK and row, without the agent, with its default and with
 * {@code convert=all}; nothing when the run had no {@code gc} profiler.
 */
final class AllocationSection implements Section {

    /** The modes of the table, no agent first. */
    static final List<Column> COLUMNS = List.of(Column.NO_AGENT, Column.DEFAULT, Column.CONVERTED);

    /** A row of the table: a workload, its pattern, and the framework stream ({@code null}: none). */
    record Row(Workload workload, Pattern pattern, FrameworkStream stream) {
        String label() {
            return workload + " | " + (stream == null ? pattern.label
                    : pattern.label + ", " + FrameworkStreamsSection.label(stream));
        }
    }

    /** Every row with an allocation figure on {@code jdk}: the stream patterns, the framework streams, the clients. */
    static List<Row> rows(final Scores r, final int jdk) {
        List<Row> rows = new ArrayList<>();
        List<FrameworkStream> streams = new ArrayList<>();
        streams.add(null);
        streams.addAll(Arrays.asList(FrameworkStream.values()));
        for (FrameworkStream stream : streams) {
            for (Pattern p : Pattern.values()) {
                for (Workload w : Workload.values()) {
                    if (COLUMNS.stream().anyMatch(c -> r.allocation.containsKey(
                            new Scores.Key(jdk, c, w, p, Op.ROUND_TRIP, stream)))) {
                        rows.add(new Row(w, p, stream));
                    }
                }
            }
        }
        return rows;
    }

    /** The round trip's bytes per operation of {@code row} in {@code column}, or null. */
    static Score bytes(final Scores r, final int jdk, final Column column, final Row row) {
        return r.allocation.get(new Scores.Key(jdk, column, row.workload(), row.pattern(), Op.ROUND_TRIP,
                row.stream()));
    }

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        if (r.allocation.isEmpty()) {
            return;
        }
        md.append(Prose.text("allocation")).append("\n\n");
        for (int jdk : r.jdks) {
            List<Row> rows = rows(r, jdk);
            if (rows.isEmpty()) {
                continue;
            }
            md.append("### JDK ").append(jdk).append("\n\n| workload | pattern |");
            for (Column c : COLUMNS) {
                md.append(' ').append(c.label).append(" (B/op) |");
            }
            md.append(" default / no agent |\n|---|---|").append("---:|".repeat(COLUMNS.size() + 1)).append('\n');
            for (Row row : rows) {
                md.append("| ").append(row.label()).append(" |");
                for (Column c : COLUMNS) {
                    Score s = bytes(r, jdk, c, row);
                    md.append(' ').append(s == null ? "—" : bytes(s.value())).append(" |");
                }
                Score off = bytes(r, jdk, Column.NO_AGENT, row);
                Score on = bytes(r, jdk, Column.DEFAULT, row);
                md.append(' ').append(off == null || on == null || off.value() <= 0 ? "—"
                        : Cells.ratio(on.value() / off.value())).append(" |\n");
            }
            md.append('\n');
        }
    }

    private static String bytes(final double b) {
        return String.format(Locale.ROOT, "%,.0f", b);
    }
}
