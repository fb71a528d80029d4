package dev.serialboost.bench.run;

import dev.serialboost.bench.BenchRunner;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The run record, {@code run.properties}: everything a run knows besides JMH's scores (machine, JDKs, settings,
 * sizes, the agent checks, the costs), filled by {@link BenchRunner}'s steps and written once at the end, sorted, so
 * that two runs diff cleanly. The report reads it back with {@link #read}, next to JMH's own result file
 * {@value #JMH_JSON}.
 *
 * <p>The cost measurements' keys begin with one of {@link #COST_KEYS}; a run on several JDKs keeps the first JDK's
 * under those keys and every other JDK's after {@link #costPrefix} of its feature number.
 */
public final class RunRecord {

    /** The record's file in the results directory. */
    public static final String FILE = "run.properties";
    /** JMH's JSON result file of the run, next to the record. */
    public static final String JMH_JSON = "jmh.json";
    /** The beginnings of the cost part's keys; a JDK after the first of the run has them after {@link #costPrefix}. */
    public static final List<String> COST_KEYS = List.of("startup.", "transform.", "classpath.");

    private final Properties properties = new Properties();

    /** The record as it stands (live, not a copy). */
    public Properties properties() {
        return properties;
    }

    void put(final String key, final String value) {
        properties.setProperty(key, value);
    }

    String get(final String key) {
        return properties.getProperty(key);
    }

    String get(final String key, final String absent) {
        return properties.getProperty(key, absent);
    }

    /** Records a measured number with one decimal. */
    void putNumber(final String key, final double value) {
        put(key, String.format(Locale.ROOT, "%.1f", value));
    }

    /** Records the median, quartiles, minimum and maximum of a measurement's runs under {@code key.*}. */
    void putStats(final String key, final double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        putNumber(key + ".median", Statistics.median(v));
        putNumber(key + ".p25", Statistics.percentile(v, 25));
        putNumber(key + ".p75", Statistics.percentile(v, 75));
        putNumber(key + ".min", v[0]);
        putNumber(key + ".max", v[v.length - 1]);
    }

    /** Writes the record to {@code file}, sorted by key. */
    void write(final Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("# written by dev.serialboost.bench.BenchRunner; read by ReportGenerator\n");
            for (Map.Entry<String, String> e : sorted().entrySet()) {
                w.write(e.getKey() + "=" + escape(e.getValue()) + "\n");
            }
        }
    }

    private Map<String, String> sorted() {
        Map<String, String> m = new TreeMap<>();
        for (String name : properties.stringPropertyNames()) {
            m.put(name, properties.getProperty(name));
        }
        return m;
    }

    /** Escapes a value's backslashes and line breaks, so that it stays one line of the file. */
    private static String escape(final String value) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Reads a {@code run.properties} written by a run. */
    public static Properties read(final Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return p;
    }

    /** Where the cost figures of JDK {@code feature} are recorded when it is not the run's first JDK. */
    public static String costPrefix(final int feature) {
        return "cost." + feature + ".";
    }

    /** Moves the cost part's keys ({@link #COST_KEYS}) of {@code from} into {@code into}, prefixed. */
    static void moveCosts(final Properties from, final Properties into, final String prefix) {
        for (String key : from.stringPropertyNames()) {
            if (COST_KEYS.stream().anyMatch(key::startsWith)) {
                into.setProperty(prefix + key, (String) from.remove(key));
            }
        }
    }
}
