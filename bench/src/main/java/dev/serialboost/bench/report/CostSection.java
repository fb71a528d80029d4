package dev.serialboost.bench.report;

import dev.serialboost.bench.run.CostMeasurements;

import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * "What the agent costs", from what {@link CostMeasurements} recorded: JVM start-up (a trivial application and
 * one that serializes), then the transform time ({@link TransformCostTable}), class loading
 * ({@link ClassLoadingCostTable}) and every JDK of the run side by side ({@link CostAcrossJdksTable}).
 */
public final class CostSection implements Section {

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        write(md, results.record());
    }

    /** The section from a run record alone ({@code --cost-only} writes it to {@code cost.md}). */
    public static void write(final StringBuilder md, final Properties run) {
        if (run.getProperty("startup.off.median") == null) {
            md.append(Prose.text("cost-not-measured")).append("\n\n");
            return;
        }
        md.append(Prose.render("cost-startup", "jdk", run.getProperty("startup.jdk", "?"),
                "runs", run.getProperty("startup.runs"))).append("\n\n");
        if (run.getProperty("startup.trivial.off.median") != null) {
            md.append(Prose.text("cost-trivial-app")).append("\n\n");
            startupTable(md, run, "startup.trivial.", List.of("empty", "default", "converted"));
        }
        md.append(Prose.text("cost-serializing-app")).append("\n\n");
        startupTable(md, run, "startup.", List.of("default", "converted"));
        if (run.getProperty("transform.ms.median") != null) {
            TransformCostTable.appendTo(md, run);
        }
        ClassLoadingCostTable.appendTo(md, run);
        CostAcrossJdksTable.appendTo(md, run);
    }

    /**
     * A start-up table: the row without the agent and one row per mode measured (with its premain's share where the
     * agent printed one), each with the difference of its median to the one without the agent.
     */
    private static void startupTable(final StringBuilder md, final Properties run, final String prefix,
                                     final List<String> modes) {
        double off = Double.parseDouble(run.getProperty(prefix + "off.median"));
        md.append("| | median | p25 – p75 | min – max | difference of the medians |\n|---|---:|---:|---:|---:|\n");
        md.append(statRow("without the agent", run, prefix + "off", "ms")).append(" |\n");
        for (String k : modes) {
            if (run.getProperty(prefix + k + ".median") == null) {
                continue;
            }
            double on = Double.parseDouble(run.getProperty(prefix + k + ".median"));
            String label = switch (k) {
                case "empty" -> "an empty agent (the JVM's own cost)";
                case "default" -> "agent default (engine)";
                default -> "agent, convert=all";
            };
            md.append(statRow(label, run, prefix + k, "ms")).append(String.format(Locale.ROOT,
                    " **%+.0f ms** (%+.0f%%) |%n", on - off, (on / off - 1) * 100));
            if (run.getProperty(prefix + "premain." + k + ".median") != null) {
                md.append(statRow("  of which its premain (start-up line: `active in N ms`)", run,
                        prefix + "premain." + k, "ms")).append(" |\n");
            }
        }
        md.append('\n');
    }

    private static String statRow(final String label, final Properties run, final String key, final String unit) {
        return "| " + label + " | " + run.getProperty(key + ".median") + " " + unit + " | "
                + run.getProperty(key + ".p25") + " – " + run.getProperty(key + ".p75") + " " + unit + " | "
                + run.getProperty(key + ".min") + " – " + run.getProperty(key + ".max") + " " + unit + " |";
    }
}
