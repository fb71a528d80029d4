package dev.serialboost.bench.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.serialboost.bench.AgentMode;
import dev.serialboost.bench.Workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The scores of one run, read from JMH's own JSON result file ({@code jmh.json}, with Gson), each under the JDK,
 * {@link Column}, workload, {@link Pattern} and {@link Op} it measured; round trips added where both write and read
 * were measured. A benchmark's column is its class, its {@code form} parameter and the agent mode its forks were
 * started with ({@code -Dbench.agent=<mode>} among JMH's recorded JVM options).
 */
final class Scores {

    /** A first measured iteration this many times slower than the last says the JIT was still at work. */
    static final double STILL_WARMING = 1.25;

    /** Where a score belongs. */
    record Key(int jdk, Column column, Workload workload, Pattern pattern, Op op) {
    }

    final Map<Key, Score> scores = new TreeMap<>(Comparator.comparing(Key::toString));
    final TreeSet<Integer> jdks = new TreeSet<>();
    final Map<Integer, String> jdkVersions = new TreeMap<>();
    String unit = "ns/op";
    String jmhVersion;
    /**
     * Per column: how many benchmarks still warmed up while measured (first measured iteration more than
     * {@link #STILL_WARMING} times the last), and how many there were.
     */
    final Map<Column, int[]> warming = new TreeMap<>();

    Score get(final int jdk, final Column column, final Workload w, final Pattern p, final Op op) {
        return scores.get(new Key(jdk, column, w, p, op));
    }

    /** No agent against {@code column}, round trip, on {@code jdk}; null unless both were measured. */
    Score speedup(final int jdk, final Column column, final Workload w, final Pattern p) {
        Score off = get(jdk, Column.NO_AGENT, w, p, Op.ROUND_TRIP);
        Score on = get(jdk, column, w, p, Op.ROUND_TRIP);
        return off == null || on == null ? null : off.speedupOf(on);
    }

    boolean has(final int jdk, final Column column) {
        return scores.keySet().stream().anyMatch(k -> k.jdk == jdk && k.column == column);
    }

    boolean has(final int jdk, final Workload w) {
        return scores.keySet().stream().anyMatch(k -> k.jdk == jdk && k.workload == w);
    }

    boolean has(final Pattern p) {
        return scores.keySet().stream().anyMatch(k -> k.pattern == p);
    }

    /** Reads JMH's JSON result list; adds round trips where both write and read were measured. */
    static Scores read(final String json) {
        Scores r = new Scores();
        JsonArray entries = JsonParser.parseString(json).getAsJsonArray();
        for (JsonElement e : entries) {
            JsonObject entry = e.getAsJsonObject();
            String benchmark = entry.get("benchmark").getAsString();
            String className = benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1,
                    benchmark.lastIndexOf('.'));
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            JsonObject params = entry.has("params") ? entry.getAsJsonObject("params") : new JsonObject();
            JsonObject metric = entry.getAsJsonObject("primaryMetric");
            String jdkVersion = entry.get("jdkVersion").getAsString();
            int jdk = Integer.parseInt(jdkVersion.split("[.+-]")[0]);
            AgentMode mode = mode(entry.getAsJsonArray("jvmArgs"));
            Column column = column(className, params.has("form") ? params.get("form").getAsString() : null, mode);
            Pattern pattern;
            Op op;
            Workload w;
            if (className.equals("RmiBenchmark")) {
                pattern = Pattern.RMI;
                op = Op.ROUND_TRIP;
                w = Workload.valueOf(params.get("argument").getAsString());
            } else {
                pattern = method.endsWith(Pattern.ONE.method) ? Pattern.ONE : Pattern.THOUSAND;
                op = method.startsWith("write") ? Op.WRITE : Op.READ;
                w = Workload.valueOf(params.get("workload").getAsString());
            }
            r.scores.put(new Key(jdk, column, w, pattern, op), new Score(number(metric.get("score")),
                    number(metric.get("scoreError"))));
            List<Double> iterations = new ArrayList<>();
            if (metric.has("rawData")) {
                for (JsonElement fork : metric.getAsJsonArray("rawData")) {
                    for (JsonElement i : fork.getAsJsonArray()) {
                        iterations.add(number(i));
                    }
                }
            }
            int[] warm = r.warming.computeIfAbsent(column, k -> new int[2]);
            warm[1]++;
            if (iterations.size() > 1 && iterations.get(0) > STILL_WARMING * iterations.get(iterations.size() - 1)) {
                warm[0]++;
            }
            r.unit = metric.get("scoreUnit").getAsString();
            r.jmhVersion = entry.get("jmhVersion").getAsString();
            r.jdks.add(jdk);
            r.jdkVersions.put(jdk, entry.get("vmName").getAsString() + " " + entry.get("vmVersion").getAsString());
        }
        for (Key k : List.copyOf(r.scores.keySet())) {
            if (k.op == Op.WRITE) {
                Score read = r.get(k.jdk, k.column, k.workload, k.pattern, Op.READ);
                if (read != null) {
                    r.scores.put(new Key(k.jdk, k.column, k.workload, k.pattern, Op.ROUND_TRIP),
                            r.scores.get(k).plus(read));
                }
            }
        }
        return r;
    }

    /** A JSON number, or JMH's {@code "NaN"} (a string: JSON has no NaN). */
    static double number(final JsonElement value) {
        if (value == null || value.isJsonNull()) {
            return Double.NaN;
        }
        String s = value.getAsString();
        return s.equals("NaN") ? Double.NaN : Double.parseDouble(s);
    }

    private static AgentMode mode(final JsonArray jvmArgs) {
        if (jvmArgs != null) {
            for (JsonElement a : jvmArgs) {
                String arg = a.getAsString();
                if (arg.startsWith("-D" + AgentMode.PROPERTY + "=")) {
                    return AgentMode.of(arg.substring(arg.indexOf('=') + 1));
                }
            }
        }
        return AgentMode.OFF;
    }

    private static Column column(final String benchmark, final String form, final AgentMode mode) {
        return switch (benchmark) {
            case "KryoBenchmark" -> Column.KRYO;
            case "ForyBenchmark" -> Column.FORY;
            case "JdkStreamBenchmark" -> "HANDWRITTEN".equals(form) ? Column.HANDWRITTEN : Column.of(mode);
            case "RmiBenchmark" -> Column.of(mode);
            default -> throw new IllegalArgumentException("unknown benchmark class " + benchmark);
        };
    }
}
