package dev.serialboost.bench.run;

import dev.serialboost.bench.BenchJdk;
import dev.serialboost.bench.report.CostSection;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * What the agent costs, on each JDK of the run in turn: start-up ({@link StartupMeasurement}), transform time
 * ({@link TransformMeasurement}), class loading ({@link ClassLoadingMeasurement}). The first JDK's figures keep their
 * keys (the report's detailed tables); another JDK's are recorded under {@link RunRecord#costPrefix} of its feature
 * number (the report's table across JDKs).
 */
public final class CostMeasurements {

    private final RunSettings settings;
    private final RunRecord record;

    public CostMeasurements(final RunSettings settings, final RunRecord record) {
        this.settings = settings;
        this.record = record;
    }

    /** Measures every cost on every JDK of the run into the record. */
    public void measure(final List<BenchJdk> jdks) throws IOException {
        StartupMeasurement startup = new StartupMeasurement(settings, record);
        TransformMeasurement transform = new TransformMeasurement(settings, record);
        ClassLoadingMeasurement classLoading = new ClassLoadingMeasurement(settings, record);
        Properties first = new Properties();
        for (BenchJdk jdk : jdks) {
            startup.measure(jdk);
            transform.measure(jdk);
            classLoading.measure(jdk);
            // out of the way of the next JDK's, which are recorded under the same keys
            if (jdk == jdks.get(0)) {
                RunRecord.moveCosts(record.properties(), first, "");
            } else {
                RunRecord.moveCosts(record.properties(), record.properties(), RunRecord.costPrefix(jdk.feature()));
            }
        }
        first.forEach(record.properties()::put);
        record.put("cost.jdks", String.join(",", jdks.stream().map(j -> String.valueOf(j.feature())).toList()));
    }

    /**
     * {@code --cost-only}: the cost part alone on each JDK of the run (start-up, transform time, class loading),
     * written to {@code cost.properties} and, as the report's section, to {@code cost.md} in the results directory;
     * never to {@code docs/}, whose page comes from one whole run.
     */
    public void measureAlone(final List<BenchJdk> jdks) throws IOException {
        measure(jdks);
        Path file = settings.results().resolve("cost.properties");
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            record.properties().store(w, "written by BenchRunner --cost-only");
        }
        StringBuilder md = new StringBuilder();
        CostSection.write(md, record.properties());
        Path section = settings.results().resolve("cost.md");
        Files.writeString(section, md);
        RunLog.print("cost only: " + file + " and the report's section " + section);
    }
}
