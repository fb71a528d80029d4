package dev.serialboost.bench.report;

import java.util.Locale;
import java.util.Properties;

/**
 * The transform time per class (converted format only): a generated application's classes loaded with
 * {@code convert=all,summary=true}, the agent's own {@code transform-ms} shared out over them.
 */
final class TransformCostTable {

    private TransformCostTable() {
    }

    /** Appends the paragraph and the table; the record must hold the transform-time measurement. */
    static void appendTo(final StringBuilder md, final Properties run) {
        md.append(Prose.render("cost-transform", "classes", run.getProperty("transform.classes"),
                "serializable", run.getProperty("transform.serializable"), "runs", run.getProperty("transform.runs")))
                .append("\n\n");
        double ms = Double.parseDouble(run.getProperty("transform.ms.median"));
        int classes = Integer.parseInt(run.getProperty("transform.classes"));
        long converted = Long.parseLong(run.getProperty("transform.converted"));
        md.append("| | median |\n|---|---:|\n");
        md.append(String.format(Locale.ROOT, "| transformer time, all %d classes (`transform-ms`) | %.0f ms |%n",
                classes, ms));
        md.append("| **per class looked at** | **").append(perClass(run)).append("** |\n");
        md.append(String.format(Locale.ROOT, "| per converted class (%d converted; all the time charged to them) "
                + "| %.0f µs |%n", converted, converted == 0 ? 0 : ms * 1000 / converted));
        md.append(String.format(Locale.ROOT, "| loading the %d classes, without / with the agent | %s / %s ms |%n",
                classes, run.getProperty("transform.load.off.median"), run.getProperty("transform.load.agent.median")));
        md.append(String.format(Locale.ROOT, "| whole process, without / with the agent | %s / %s ms |%n%n",
                run.getProperty("transform.wall.off.median"), run.getProperty("transform.wall.agent.median")));
        md.append(Prose.text("cost-transform-after")).append("\n\n");
    }

    /** The transformer's time per class looked at, {@code 134 µs}; null when not measured. */
    static String perClass(final Properties p) {
        String ms = p.getProperty("transform.ms.median");
        return ms == null ? null : String.format(Locale.ROOT, "%.0f µs", Double.parseDouble(ms) * 1000
                / Integer.parseInt(p.getProperty("transform.classes")));
    }
}
