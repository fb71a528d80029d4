package dev.serialboost.agent.cli;

import dev.serialboost.agent.stats.Snapshot;

import java.util.Locale;
import java.util.Map;

/**
 * The {@code stats} command's {@code --json}: one object with {@code pid}, {@code seconds}, {@code since}, {@code
 * engineProblem}, and {@code window} and {@code total}, each {@code {streams: [...], classes: [...], engine: {...}}}
 * with the counts' names as in the MBean.
 */
final class StatsJson {

    private StatsJson() {
    }

    static String of(final String pid, final double window, final Snapshot delta, final Snapshot total,
                     final String problem) {
        StringBuilder b = new StringBuilder("{\"pid\":").append(pid)
                .append(",\"seconds\":").append(String.format(Locale.ROOT, "%.3f", window))
                .append(",\"since\":").append(total.since())
                .append(",\"engineProblem\":").append(string(problem == null ? "" : problem))
                .append(",\"window\":");
        snapshot(b, delta);
        b.append(",\"total\":");
        snapshot(b, total);
        return b.append("}\n").toString();
    }

    private static void snapshot(final StringBuilder b, final Snapshot s) {
        b.append("{\"streams\":[");
        String sep = "";
        for (Snapshot.StreamCounts c : s.streams()) {
            b.append(sep).append("{\"name\":").append(string(c.name())).append(",\"opened\":").append(c.opened())
                    .append(",\"writes\":").append(c.writes()).append(",\"reads\":").append(c.reads())
                    .append(",\"bytesWritten\":").append(c.bytesWritten()).append(",\"bytesRead\":")
                    .append(c.bytesRead()).append(",\"nanosWriting\":").append(c.nanosWriting())
                    .append(",\"nanosReading\":").append(c.nanosReading()).append('}');
            sep = ",";
        }
        b.append("],\"classes\":[");
        sep = "";
        for (Snapshot.ClassCounts c : s.classes()) {
            b.append(sep).append("{\"name\":").append(string(c.name())).append(",\"objectsWritten\":")
                    .append(c.objectsWritten()).append(",\"objectsRead\":").append(c.objectsRead())
                    .append(",\"descriptorsWritten\":").append(c.descriptorsWritten()).append(",\"descriptorBytes\":")
                    .append(c.descriptorBytes()).append('}');
            sep = ",";
        }
        b.append("],\"engine\":{");
        sep = "";
        for (Map.Entry<String, Long> e : s.engine().entrySet()) {
            b.append(sep).append(string(e.getKey())).append(':').append(e.getValue());
            sep = ",";
        }
        b.append("}}");
    }

    private static String string(final String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
