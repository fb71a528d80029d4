package dev.serialboost.bench.report;

import dev.serialboost.bench.run.RunRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Function;

/**
 * The cost figures of every JDK of the run side by side, each against itself without the agent (the cost section's
 * other tables are the first JDK's), with the targets the agent is held to; nothing for a run on one JDK.
 */
final class CostAcrossJdksTable {

    private CostAcrossJdksTable() {
    }

    /** Appends the table when {@code cost.jdks} names two JDKs or more. */
    static void appendTo(final StringBuilder md, final Properties run) {
        List<String> jdks = List.of(run.getProperty("cost.jdks", "").split(","));
        if (jdks.size() < 2) {
            return;
        }
        List<Properties> each = new ArrayList<>();
        for (String jdk : jdks) {
            each.add(jdk.equals(jdks.get(0)) ? run : costsOf(run, RunRecord.costPrefix(Integer.parseInt(jdk))));
        }
        md.append(Prose.render("cost-across-jdks", "jdk", jdks.get(0))).append("\n\n| |");
        jdks.forEach(j -> md.append(" JDK ").append(j).append(" |"));
        md.append(" target |\n|---|");
        jdks.forEach(j -> md.append("---:|"));
        md.append("---:|\n");
        acrossRow(md, each, "trivial app, agent default: whole process, difference of the medians",
                p -> difference(p, "startup.trivial.", "default", " ms"), "≤ 60 ms");
        acrossRow(md, each, "trivial app, `convert=all`", p -> difference(p, "startup.trivial.", "converted", " ms"),
                "");
        acrossRow(md, each, "serializing app (`StartupApp`), agent default",
                p -> difference(p, "startup.", "default", " ms"), "");
        acrossRow(md, each, "serializing app, `convert=all`", p -> difference(p, "startup.", "converted", " ms"), "");
        acrossRow(md, each, "transform time per class looked at (generated app)", TransformCostTable::perClass,
                "");
        acrossRow(md, each, "loading the published jars' classes without the agent (median)",
                p -> p.getProperty("classpath.load.off.median") == null ? null
                        : p.getProperty("classpath.load.off.median") + " ms", "");
        acrossRow(md, each, "class loading, agent default: **per class looked at**",
                p -> ClassLoadingCostTable.perClass(p, "default"), "≤ 20 µs");
        acrossRow(md, each, "class loading, `convert=all`: **per class looked at**",
                p -> ClassLoadingCostTable.perClass(p, "converted"), "≤ 60 µs");
        md.append('\n');
    }

    /** The keys of {@code run} that begin with {@code prefix}, without it. */
    private static Properties costsOf(final Properties run, final String prefix) {
        Properties out = new Properties();
        for (String key : run.stringPropertyNames()) {
            if (key.startsWith(prefix)) {
                out.setProperty(key.substring(prefix.length()), run.getProperty(key));
            }
        }
        return out;
    }

    private static void acrossRow(final StringBuilder md, final List<Properties> each, final String label,
                                  final Function<Properties, String> cell, final String target) {
        md.append("| ").append(label).append(" |");
        for (Properties p : each) {
            String value = cell.apply(p);
            md.append(' ').append(value == null ? "—" : value).append(" |");
        }
        md.append(' ').append(target.isEmpty() ? "—" : target).append(" |\n");
    }

    /** The difference of the medians of a start-up row to the row without the agent; null when not measured. */
    private static String difference(final Properties p, final String prefix, final String mode, final String unit) {
        String on = p.getProperty(prefix + mode + ".median");
        String off = p.getProperty(prefix + "off.median");
        return on == null || off == null ? null : String.format(Locale.ROOT, "%+.0f%s", Double.parseDouble(on)
                - Double.parseDouble(off), unit);
    }
}
