package dev.serialboost.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Class loading at the scale of an application: every class of published jars loaded without the agent, with its
 * default and with {@code convert=all}, and the cost per class looked at; nothing when not measured.
 */
final class ClassLoadingCostTable {

    private ClassLoadingCostTable() {
    }

    /** Appends the paragraphs and the table, or nothing when the record holds no class-loading measurement. */
    static void appendTo(final StringBuilder md, final Properties run) {
        if (run.getProperty("classpath.load.off.median") == null) {
            return;
        }
        long classes = Long.parseLong(run.getProperty("classpath.classes"));
        // a record without classpath.paired (from before the paired rounds) took the difference of the medians
        String measurement = Prose.render(Boolean.parseBoolean(run.getProperty("classpath.paired"))
                        ? "cost-class-loading-paired" : "cost-class-loading-unpaired",
                "runs", run.getProperty("classpath.runs"));
        md.append(Prose.render("cost-class-loading", "jdk", run.getProperty("classpath.jdk"),
                "classes", String.format(Locale.ROOT, "%,d", classes),
                "jars", run.getProperty("classpath.jars").replace(",", ", "),
                "failed", run.getProperty("classpath.failed"),
                "measurement", measurement)).append("\n\n");
        md.append("| | loading all classes, median | p25 – p75 | whole process, median | **per class looked at** "
                + "|\n|---|---:|---:|---:|---:|\n");
        for (String k : List.of("off", "default", "converted")) {
            String key = "classpath.load." + k;
            if (run.getProperty(key + ".median") == null) {
                continue;
            }
            String label = switch (k) {
                case "off" -> "without the agent";
                case "default" -> "agent default (engine)";
                default -> "agent, convert=all (" + run.getProperty("classpath.converted", "?") + " converted)";
            };
            String perClass = k.equals("off") ? "" : "**" + perClass(run, k) + "**";
            md.append("| ").append(label).append(" | ").append(run.getProperty(key + ".median")).append(" ms | ")
                    .append(run.getProperty(key + ".p25")).append(" – ").append(run.getProperty(key + ".p75"))
                    .append(" ms | ").append(run.getProperty("classpath.wall." + k + ".median")).append(" ms | ")
                    .append(perClass).append(" |\n");
        }
        md.append('\n').append(Prose.text("cost-class-loading-after")).append("\n\n");
    }

    /** The class-loading cost per class looked at in {@code mode}, {@code +5.0 µs}; null when not measured. */
    static String perClass(final Properties p, final String mode) {
        String v = p.getProperty("classpath.perclass." + mode);
        return v == null ? null : String.format(Locale.ROOT, "%+.1f µs", Double.parseDouble(v));
    }
}
