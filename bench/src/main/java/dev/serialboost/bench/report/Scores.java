package dev.serialboost.bench.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.serialboost.bench.AgentMode;
import dev.serialboost.bench.Workload;
import dev.serialboost.bench.framework.FrameworkStream;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The scores of one run, read from JMH's own JSON result file ({@code jmh.json}, with Gson), each under the JDK,
 * {@link Column}, workload, {@link Pattern}, {@link Op} and framework stream it measured; round trips added where
 * both write and read were measured. A benchmark's column is its class, its {@code form} parameter and the agent mode
 * its forks were started with ({@code -Dbench.agent=<mode>} among JMH's recorded JVM options). Where the run had
 * JMH's {@code gc} profiler, {@link #allocation} holds its {@value #ALLOCATION} (bytes allocated per operation)
 * under the same keys.
 */
final class Scores {

    /** A first measured iteration this many times slower than the last says the JIT was still at work. */
    static final double STILL_WARMING = 1.25;

    /** JMH's {@code gc} profiler's secondary metric: bytes allocated per operation. */
    static final String ALLOCATION = "gc.alloc.rate.norm";

    /**
     * Where a score belongs; {@code stream} is the {@link FrameworkStream} of {@code FrameworkStreamBenchmark}'s
     * rows, {@code null} for every other (a plain {@code ObjectOutputStream}, a library, a real client).
     */
    record Key(int jdk, Column column, Workload workload, Pattern pattern, Op op, FrameworkStream stream) {
        Key(final int jdk, final Column column, final Workload workload, final Pattern pattern, final Op op) {
            this(jdk, column, workload, pattern, op, null);
        }
    }

    final Map<Key, Score> scores = new TreeMap<>(Comparator.comparing(Key::toString));
    /** Bytes allocated per operation ({@value #ALLOCATION}), where the run measured it. */
    final Map<Key, Score> allocation = new TreeMap<>(Comparator.comparing(Key::toString));
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

    /** A framework stream's score ({@code stream} {@code null}: the plain stream's). */
    Score get(final int jdk, final Column column, final Workload w, final Pattern p, final Op op,
              final FrameworkStream stream) {
        return scores.get(new Key(jdk, column, w, p, op, stream));
    }

    /** No agent against {@code column}, round trip, on {@code jdk}; null unless both were measured. */
    Score speedup(final int jdk, final Column column, final Workload w, final Pattern p) {
        return speedup(jdk, column, w, p, null);
    }

    /** No agent against {@code column}, round trip, on {@code jdk}, through {@code stream}; null unless measured. */
    Score speedup(final int jdk, final Column column, final Workload w, final Pattern p, final FrameworkStream stream) {
        return ratio(jdk, Column.NO_AGENT, column, w, p, stream);
    }

    /**
     * {@code base} against {@code column}, round trip, on {@code jdk}: how many times faster {@code column} is (for
     * {@code convert=all} against the default, the ratio of the two modes); null unless both were measured.
     */
    Score ratio(final int jdk, final Column base, final Column column, final Workload w, final Pattern p,
                final FrameworkStream stream) {
        Score from = get(jdk, base, w, p, Op.ROUND_TRIP, stream);
        Score to = get(jdk, column, w, p, Op.ROUND_TRIP, stream);
        return from == null || to == null ? null : from.speedupOf(to);
    }

    /** Whether the run measured any framework stream. */
    boolean hasStreams() {
        return scores.keySet().stream().anyMatch(k -> k.stream != null);
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
            Pattern pattern = Pattern.of(className, method);
            Op op = pattern.client() ? Op.ROUND_TRIP : method.startsWith("write") ? Op.WRITE : Op.READ;
            Workload w = Workload.valueOf(params.get(params.has("argument") ? "argument" : "workload").getAsString());
            FrameworkStream stream = params.has("stream")
                    ? FrameworkStream.valueOf(params.get("stream").getAsString()) : null;
            Key key = new Key(jdk, column, w, pattern, op, stream);
            r.scores.put(key, new Score(number(metric.get("score")), number(metric.get("scoreError"))));
            JsonObject secondary = entry.getAsJsonObject("secondaryMetrics");
            if (secondary != null && secondary.has(ALLOCATION)) {
                JsonObject alloc = secondary.getAsJsonObject(ALLOCATION);
                r.allocation.put(key, new Score(number(alloc.get("score")), number(alloc.get("scoreError"))));
            }
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
        addRoundTrips(r.scores);
        addRoundTrips(r.allocation);
        return r;
    }

    /** Adds a round trip where both the write and the read of a stream row were measured. */
    private static void addRoundTrips(final Map<Key, Score> map) {
        for (Key k : List.copyOf(map.keySet())) {
            if (k.op == Op.WRITE) {
                Score read = map.get(new Key(k.jdk, k.column, k.workload, k.pattern, Op.READ, k.stream));
                if (read != null) {
                    map.put(new Key(k.jdk, k.column, k.workload, k.pattern, Op.ROUND_TRIP, k.stream),
                            map.get(k).plus(read));
                }
            }
        }
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
            case "FrameworkStreamBenchmark", "RmiBenchmark", "CloneBenchmark", "JournalBenchmark", "CacheBenchmark",
                 "JdbcBenchmark" -> Column.of(mode);
            default -> throw new IllegalArgumentException("unknown benchmark class " + benchmark);
        };
    }
}
