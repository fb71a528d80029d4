package dev.serialboost.bench.run;

import dev.serialboost.bench.BenchJdk;
import dev.serialboost.bench.Child;
import dev.serialboost.bench.ClassGenerator;
import dev.serialboost.bench.ManyClassesApp;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Transformer time per class: {@value #GENERATED_CLASSES} generated classes, half of them {@code Serializable},
 * loaded by {@link ManyClassesApp} without the agent and with {@code convert=all,summary=true}; the agent's summary
 * line says how long its transformer took. Recorded under {@code transform.*}.
 */
final class TransformMeasurement {

    /** Classes the generated application of the transform-time measurement loads. */
    static final int GENERATED_CLASSES = 1000;
    /** {@link ManyClassesApp}'s own timing of the loads. */
    private static final Pattern LOADED = Pattern.compile("loaded (\\d+) classes in ([0-9.]+) ms");

    private final RunSettings settings;
    private final RunRecord record;
    private final String classPath = System.getProperty("java.class.path");

    TransformMeasurement(final RunSettings settings, final RunRecord record) {
        this.settings = settings;
        this.record = record;
    }

    void measure(final BenchJdk jdk) throws IOException {
        int runs = settings.profile().transformRuns();
        Path dir = settings.results().resolve("many-classes");
        int serializable = ClassGenerator.write(dir, GENERATED_CLASSES);
        RunLog.print("transform time on " + jdk.label() + ": " + runs + " runs of an app loading " + GENERATED_CLASSES
                + " generated classes (" + serializable + " Serializable), without the agent and with convert=all");
        String cp = classPath + File.pathSeparator + dir;
        List<String> off = List.of(jdk.java().toString(), "-cp", cp, ManyClassesApp.class.getName(),
                String.valueOf(GENERATED_CLASSES));
        List<String> on = List.of(jdk.java().toString(),
                "-javaagent:" + settings.agentJar() + "=convert=all,summary=true", "-cp", cp,
                ManyClassesApp.class.getName(), String.valueOf(GENERATED_CLASSES));
        double[] transformMs = new double[runs];
        double[] loadOff = new double[runs];
        double[] loadOn = new double[runs];
        double[] wallOff = new double[runs];
        double[] wallOn = new double[runs];
        long converted = -1;
        for (int i = 0; i < runs; i++) {
            Child.Result a = Child.run(off, Child.TIMEOUT).requireSuccess("ManyClassesApp without the agent");
            Child.Result b = Child.run(on, Child.TIMEOUT).requireSuccess("ManyClassesApp with the agent");
            loadOff[i] = loaded(a);
            loadOn[i] = loaded(b);
            wallOff[i] = a.millis();
            wallOn[i] = b.millis();
            Matcher m = AgentOutputCheck.SUMMARY.matcher(b.stderr());
            if (!m.find()) {
                throw new IllegalStateException("ManyClassesApp with the agent printed no summary line:\n"
                        + b.stderr());
            }
            if (!m.group(3).equals("0")) {
                throw new IllegalStateException("the agent reported errors loading generated classes: " + m.group());
            }
            converted = Long.parseLong(m.group(1));
            transformMs[i] = Long.parseLong(m.group(4));
        }
        record.put("transform.classes", String.valueOf(GENERATED_CLASSES));
        record.put("transform.serializable", String.valueOf(serializable));
        record.put("transform.converted", String.valueOf(converted));
        record.put("transform.runs", String.valueOf(runs));
        record.putStats("transform.ms", transformMs);
        record.putStats("transform.load.off", loadOff);
        record.putStats("transform.load.agent", loadOn);
        record.putStats("transform.wall.off", wallOff);
        record.putStats("transform.wall.agent", wallOn);
        double median = Statistics.median(transformMs);
        RunLog.print(String.format(Locale.ROOT, "  transformer %.0f ms for %d classes (%d converted): %.0f us per"
                + " class", median, GENERATED_CLASSES, converted, median * 1000 / GENERATED_CLASSES));
    }

    private static double loaded(final Child.Result r) {
        Matcher m = LOADED.matcher(r.stdout());
        if (!m.find()) {
            throw new IllegalStateException("ManyClassesApp printed no timing:\n" + r.stdout() + r.stderr());
        }
        return Double.parseDouble(m.group(2));
    }
}
