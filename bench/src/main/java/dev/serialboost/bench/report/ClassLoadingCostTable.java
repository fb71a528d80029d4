package dev.serialboost.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Class loading at the scale of an application: every class of published jars loaded without the agent, with its
 * default and with {@code convert=all}, and the cost per class looked at; nothing when not measured.
 */
final class ClassLoadingCostTable {

    static void appendTo(final StringBuilder md, final Properties run) {
        if (run.getProperty("classpath.load.off.median") == null) {
            return;
        }
        long classes = Long.parseLong(run.getProperty("classpath.classes"));
        md.append("**Class loading at the scale of an application** (JDK ").append(run.getProperty("classpath.jdk"))
                .append("). `ClassPathApp` loads, by name and without initializing, each of the ")
                .append(String.format(Locale.ROOT, "%,d", classes)).append(" classes of published jars (")
                .append(run.getProperty("classpath.jars").replace(",", ", ")).append("; ")
                .append(run.getProperty("classpath.failed")).append(" of them fail to load, for an optional "
                        + "dependency missing, but a transformer looks at them all the same), ")
                .append(Boolean.parseBoolean(run.getProperty("classpath.paired"))
                        ? run.getProperty("classpath.runs") + " rounds of one run each without the agent, with its "
                        + "default and with `convert=all`, the order rotating from round to round. The cost per class "
                        + "looked at is the median over the rounds of the difference, within a round, of the app's own "
                        + "timing of the loads to the run without the agent, divided by the number of classes.\n\n"
                        : run.getProperty("classpath.runs") + " runs each without the agent, with its default "
                        + "and with `convert=all`, in turn. The cost per class looked at is the difference of the "
                        + "medians of the app's own timing of the loads, divided by the number of classes.\n\n");
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
        md.append("\nIn the default mode the agent keeps a class-file transformer only until `ObjectOutputStream`, "
                + "`ObjectInputStream` and the few `java.io` classes that load with the first stream are loaded: what "
                + "each class load costs then is the JVM handing it to a transformer that looks at a few names of "
                + "bootstrap classes. Once they are patched, the transformer is removed and class loading costs "
                + "nothing more. These jars load one of them: commons-lang3's `SerializationUtils` has an "
                + "`ObjectInputStream` subclass, so `ObjectInputStream` loads with it and the engine layer is set up "
                + "and patches it then, as in an application at its first stream; the default's figure includes that "
                + "once-only cost, shared out over the classes.\n\n");
    }

    /** The class-loading cost per class looked at in {@code mode}, {@code +5.0 µs}; null when not measured. */
    static String perClass(final Properties p, final String mode) {
        String v = p.getProperty("classpath.perclass." + mode);
        return v == null ? null : String.format(Locale.ROOT, "%+.1f µs", Double.parseDouble(v));
    }
}
