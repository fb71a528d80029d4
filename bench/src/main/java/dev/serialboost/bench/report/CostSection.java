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
        md.append("## What the agent costs\n\n");
        if (run.getProperty("startup.off.median") == null) {
            md.append("Not measured in this run (`--skip-cost`).\n\n");
            return;
        }
        md.append("**JVM start-up** (JDK ").append(run.getProperty("startup.jdk", "?")).append("). Whole processes, "
                + "from start to exit, timed by the runner: ").append(run.getProperty("startup.runs")).append(" runs "
                + "of each row, in turn (the order rotating), after two unmeasured runs each. The default arms the "
                + "engine layer at start-up and patches `java.io` when the application first loads a stream class; "
                + "`convert=all` also defines the runtime and registers its class-file transformer at start-up.\n\n");
        if (run.getProperty("startup.trivial.off.median") != null) {
            md.append("A trivial application (`TrivialApp`: prints a line, serializes nothing). The empty agent is an "
                    + "agent whose `premain` does nothing: what the JVM charges for any `-javaagent` (it resolves the "
                    + "module graph with `java.instrument` instead of using the one archived for class-data sharing, "
                    + "and opens the agent jar), which no agent can report in its own start-up line.\n\n");
            startupTable(md, run, "startup.trivial.", List.of("empty", "default", "converted"));
        }
        md.append("A small application that serializes (`StartupApp`: loads the workload classes, round-trips one "
                + "object of each, exits): with the agent's default it also pays for patching `java.io` and for the "
                + "engine's first use.\n\n");
        startupTable(md, run, "startup.", List.of("default", "converted"));
        if (run.getProperty("transform.ms.median") != null) {
            TransformCostTable.appendTo(md, run);
        }
        ClassLoadingCostTable.appendTo(md, run);
        CostAcrossJdksTable.appendTo(md, run);
    }

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
