package dev.serialboost.bench.report;

import java.util.Locale;
import java.util.Properties;

/**
 * The transform time per class (converted format only): a generated application's classes loaded with
 * {@code convert=all,summary=true}, the agent's own {@code transform-ms} shared out over them.
 */
final class TransformCostTable {

    static void appendTo(final StringBuilder md, final Properties run) {
        md.append("**Transform time per class** (converted format only; the default transforms no class). A "
                + "generated application loads and initializes ").append(run.getProperty("transform.classes"))
                .append(" classes, ").append(run.getProperty("transform.serializable")).append(" of them "
                        + "`Serializable` (7 fields each, every tenth serializable one extending another), ")
                .append(run.getProperty("transform.runs")).append(" runs with `convert=all,summary=true`. The agent's "
                        + "summary line reports the time spent in its transformer (`transform-ms`: every class it "
                        + "looked at, converted or not).\n\n");
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
        md.append("The first classes also pay for loading the agent's own code (ASM) and for the JIT not having "
                + "compiled it yet; the per-class figure includes that.\n\n");
    }

    /** The transformer's time per class looked at, {@code 134 µs}; null when not measured. */
    static String perClass(final Properties p) {
        String ms = p.getProperty("transform.ms.median");
        return ms == null ? null : String.format(Locale.ROOT, "%.0f µs", Double.parseDouble(ms) * 1000
                / Integer.parseInt(p.getProperty("transform.classes")));
    }
}
