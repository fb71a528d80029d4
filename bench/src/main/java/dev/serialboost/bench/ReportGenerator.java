package dev.serialboost.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.serialboost.bench.run.RunRecord;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns one run's results ({@code jmh.json}: JMH's own JSON result file, read with Gson, and {@code run.properties}:
 * machine, JDKs, sizes, agent checks and costs, both written by {@link BenchRunner}) into {@code docs/benchmarks.md}
 * and its chart {@code docs/benchmarks.png}. Every ratio on the page is computed from scores of the same run, and
 * every JDK's rows against that JDK without the agent.
 *
 * <p>{@code java -cp benchmarks.jar dev.serialboost.bench.ReportGenerator RESULTS_DIR DOCS_DIR} (or
 * {@code ./bench.sh --report-only}) rewrites the page from the results of the last run.
 */
public final class ReportGenerator {

    /** Small numbers in words, for the page's prose. */
    private static final String[] NUMBERS = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight",
        "nine", "ten", "eleven", "twelve"};

    static final String PAGE = "benchmarks.md";
    static final String CHART = "benchmarks.png";

    /** A column of the report: who serialized. */
    enum Impl {
        NO_AGENT("no agent", AgentMode.OFF),
        DEFAULT("agent default (engine)", AgentMode.DEFAULT),
        CONVERTED("convert=all + engine", AgentMode.CONVERTED),
        CONVERTED_FIELDS("convert=all, per-field + engine", AgentMode.CONVERTED_FIELDS),
        CONVERTED_NO_ENGINE("convert=all, engine=false", AgentMode.CONVERTED_NO_ENGINE),
        HANDWRITTEN("hand-written Externalizable", null),
        KRYO("Kryo", null),
        FORY("Fory", null);

        final String label;
        final AgentMode mode;

        Impl(final String label, final AgentMode mode) {
            this.label = label;
            this.mode = mode;
        }

        /** The agent's modes: a ratio against no agent goes next to their times. */
        boolean agent() {
            return mode != null && mode.agent();
        }

        static Impl of(final AgentMode mode) {
            for (Impl i : values()) {
                if (i.mode == mode) {
                    return i;
                }
            }
            throw new IllegalArgumentException("no column for mode " + mode);
        }
    }

    /** The two stream patterns, and the real client. */
    enum Pattern {
        ONE("one per stream", "OnePerStream"),
        THOUSAND("1,000 per stream", "ThousandPerStream"),
        RMI("RMI call", "remoteCall");

        /** The patterns of the stream benchmarks. */
        static final List<Pattern> STREAMS = List.of(ONE, THOUSAND);

        final String label;
        final String method;

        Pattern(final String label, final String method) {
            this.label = label;
            this.method = method;
        }
    }

    /** What was timed; ROUND_TRIP is write + read (for RMI: the call). */
    enum Op {
        WRITE("write"), READ("read"), ROUND_TRIP("round trip");

        final String label;

        Op(final String label) {
            this.label = label;
        }
    }

    /** A JMH score and its error (99.9% confidence half-width; NaN when JMH could not give one). */
    record Score(double value, double error) {
        Score plus(final Score o) {
            return new Score(value + o.value, Math.sqrt(error * error + o.error * o.error));
        }

        /** {@code this / o} as a speed-up of {@code o} over {@code this}: how many times faster {@code o} is. */
        Score speedupOf(final Score o) {
            double r = value / o.value;
            double rel = Math.sqrt(Math.pow(error / value, 2) + Math.pow(o.error / o.value, 2));
            return new Score(r, r * rel);
        }
    }

    record Key(int jdk, Impl impl, Workload workload, Pattern pattern, Op op) {
    }

    /** The scores of one run, round trips included. */
    static final class Results {
        final Map<Key, Score> scores = new TreeMap<>(Comparator.comparing(Key::toString));
        final TreeSet<Integer> jdks = new TreeSet<>();
        final Map<Integer, String> jdkVersions = new TreeMap<>();
        String unit = "ns/op";
        String jmhVersion;
        /**
         * Per column: how many benchmarks still warmed up while measured (first measured iteration more than
         * {@link #STILL_WARMING} times the last), and how many there were.
         */
        final Map<Impl, int[]> warming = new TreeMap<>();

        Score get(final int jdk, final Impl impl, final Workload w, final Pattern p, final Op op) {
            return scores.get(new Key(jdk, impl, w, p, op));
        }

        /** No agent against {@code impl}, round trip, on {@code jdk}; null unless both were measured. */
        Score speedup(final int jdk, final Impl impl, final Workload w, final Pattern p) {
            Score off = get(jdk, Impl.NO_AGENT, w, p, Op.ROUND_TRIP);
            Score on = get(jdk, impl, w, p, Op.ROUND_TRIP);
            return off == null || on == null ? null : off.speedupOf(on);
        }

        boolean has(final int jdk, final Impl impl) {
            return scores.keySet().stream().anyMatch(k -> k.jdk == jdk && k.impl == impl);
        }

        boolean has(final int jdk, final Workload w) {
            return scores.keySet().stream().anyMatch(k -> k.jdk == jdk && k.workload == w);
        }

        boolean has(final Pattern p) {
            return scores.keySet().stream().anyMatch(k -> k.pattern == p);
        }
    }

    private ReportGenerator() {
    }

    public static void main(final String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: ReportGenerator RESULTS_DIR DOCS_DIR");
            System.exit(2);
        }
        for (Path p : write(Path.of(args[0]), Path.of(args[1]))) {
            System.out.println("wrote " + p);
        }
    }

    /** Reads {@code results}, writes the page and the chart into {@code docs}; returns both paths. */
    public static List<Path> write(final Path results, final Path docs) throws IOException {
        Path json = results.resolve(RunRecord.JMH_JSON);
        Path props = results.resolve(RunRecord.FILE);
        if (!Files.isRegularFile(json) || !Files.isRegularFile(props)) {
            throw new IllegalStateException("no complete run in " + results + " (needs " + RunRecord.JMH_JSON + " and "
                    + RunRecord.FILE + "); run ./bench.sh --quick first");
        }
        Results r = read(Files.readString(json, StandardCharsets.UTF_8));
        Properties run = RunRecord.read(props);
        Files.createDirectories(docs);
        Path png = docs.resolve(CHART);
        chart(r, run, png);
        Path page = docs.resolve(PAGE);
        Files.writeString(page, markdown(r, run, CHART), StandardCharsets.UTF_8);
        return List.of(page, png);
    }

    // ------------------------------------------------------------------------------------------------- reading

    /** Reads JMH's JSON result list; adds round trips where both write and read were measured. */
    static Results read(final String json) {
        Results r = new Results();
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
            Impl impl = impl(className, params.has("form") ? params.get("form").getAsString() : null, mode);
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
            r.scores.put(new Key(jdk, impl, w, pattern, op), new Score(number(metric.get("score")),
                    number(metric.get("scoreError"))));
            List<Double> iterations = new ArrayList<>();
            if (metric.has("rawData")) {
                for (JsonElement fork : metric.getAsJsonArray("rawData")) {
                    for (JsonElement i : fork.getAsJsonArray()) {
                        iterations.add(number(i));
                    }
                }
            }
            int[] warm = r.warming.computeIfAbsent(impl, k -> new int[2]);
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
                Score read = r.get(k.jdk, k.impl, k.workload, k.pattern, Op.READ);
                if (read != null) {
                    r.scores.put(new Key(k.jdk, k.impl, k.workload, k.pattern, Op.ROUND_TRIP),
                            r.scores.get(k).plus(read));
                }
            }
        }
        return r;
    }

    /** A first measured iteration this many times slower than the last says the JIT was still at work. */
    static final double STILL_WARMING = 1.25;

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

    private static Impl impl(final String benchmark, final String form, final AgentMode mode) {
        return switch (benchmark) {
            case "KryoBenchmark" -> Impl.KRYO;
            case "ForyBenchmark" -> Impl.FORY;
            case "JdkStreamBenchmark" -> "HANDWRITTEN".equals(form) ? Impl.HANDWRITTEN : Impl.of(mode);
            case "RmiBenchmark" -> Impl.of(mode);
            default -> throw new IllegalArgumentException("unknown benchmark class " + benchmark);
        };
    }

    // ------------------------------------------------------------------------------------------------- the page

    /** A target of the issues: a mode against no agent, round trip, on one JDK (17 unless said otherwise). */
    record Target(Workload workload, Pattern pattern, Impl impl, int jdk, double factor) {
    }

    /** The JDK the targets are stated for. */
    static final int TARGET_JDK = 17;
    static final List<Target> TARGETS = List.of(
            // the engine layer: one object per stream
            new Target(Workload.MarketData, Pattern.ONE, Impl.DEFAULT, TARGET_JDK, 3.0),
            new Target(Workload.Employee, Pattern.ONE, Impl.DEFAULT, TARGET_JDK, 1.6),
            new Target(Workload.Order, Pattern.ONE, Impl.DEFAULT, TARGET_JDK, 1.5),
            new Target(Workload.Sample, Pattern.ONE, Impl.DEFAULT, TARGET_JDK, 1.0),
            // the engine's per-object paths: long streams
            new Target(Workload.MarketData, Pattern.THOUSAND, Impl.DEFAULT, TARGET_JDK, 1.4),
            new Target(Workload.Order, Pattern.THOUSAND, Impl.DEFAULT, TARGET_JDK, 1.4),
            new Target(Workload.Sample, Pattern.THOUSAND, Impl.DEFAULT, TARGET_JDK, 2.0),
            new Target(Workload.Employee, Pattern.THOUSAND, Impl.DEFAULT, TARGET_JDK, 1.15),
            new Target(Workload.MarketData, Pattern.THOUSAND, Impl.DEFAULT, 25, 1.15),
            // both layers together
            new Target(Workload.MarketData, Pattern.ONE, Impl.CONVERTED, TARGET_JDK, 4.0));
    /** No row of the agent's default may be slower than this against no agent (round trip, any JDK, any pattern). */
    static final double FLOOR = 0.97;

    static String markdown(final Results r, final Properties run, final String chart) {
        StringBuilder md = new StringBuilder();
        String profile = run.getProperty("run.profile", "?");
        md.append("# Benchmarks\n\n");
        md.append("<!-- generated by ").append(run.getProperty("run.command", "bench.sh"))
                .append(" (dev.serialboost.bench.ReportGenerator); do not edit, run the command again -->\n\n");
        md.append("serialboost makes unchanged `ObjectOutputStream` / `ObjectInputStream` code faster. This page "
                + "measures by how much, on " + NUMBERS[Workload.values().length] + " workloads, two stream patterns and"
                + " one real client (JDK RMI), on ")
                .append(jdkList(r)).append(", with **numbers from one run of one command on one machine**: `")
                .append(run.getProperty("run.command", "?")).append("` (").append(run.getProperty("run.start", "?"))
                .append(", ").append(run.getProperty("run.minutes", "?")).append(" min).\n\n");
        md.append("> ").append(run.getProperty("run.profile.description", "")).append(" (profile `").append(profile)
                .append("`). ");
        if (!"full".equals(profile)) {
            md.append("Short measurements on a shared 2-core machine: take differences within the `±` as noise.");
        }
        md.append("\n\n");
        String warming = warming(r);
        if (warming != null) {
            md.append("> **Warm-up was short for this run:** ").append(warming).append(". Times that still fall during "
                    + "the measurement most likely mean the JIT was still compiling (or another process let go of a "
                    + "core); either way the means are raised and the `±` widened. A longer warm-up (`--warmup`, "
                    + "`--iteration-ms`) gives steadier numbers.\n\n");
        }
        String busy = busy(run);
        if (busy != null) {
            md.append("> **The machine was busy during this run** (").append(busy).append("): other processes "
                    + "competed for the cores, so single iterations jump and errors are wide. Compare ratios only "
                    + "where their `±` is small, and rerun on a quiet machine before quoting a number.\n\n");
        }
        md.append("![Round-trip speed-up over plain JDK serialization](").append(chart).append(")\n\n");

        headline(md, r, run);
        layers(md, r);
        rmi(md, r);
        times(md, r, run);
        handWritten(md, r, mainJdk(r, run));
        bulkTable(md, r, mainJdk(r, run));
        sizes(md, r, run);
        costs(md, run);
        method(md, r, run);
        machine(md, r, run);
        return md.toString();
    }

    /** The first JDK of the run (the one with every mode and the reference rows). */
    static int mainJdk(final Results r, final Properties run) {
        String jdks = run.getProperty("run.jdks");
        if (jdks != null && !jdks.isBlank()) {
            int first = Integer.parseInt(jdks.split(",")[0]);
            if (r.jdks.contains(first)) {
                return first;
            }
        }
        return r.jdks.isEmpty() ? TARGET_JDK : r.jdks.first();
    }

    private static String jdkList(final Results r) {
        List<String> labels = r.jdks.stream().map(j -> "JDK " + j).toList();
        if (labels.size() <= 1) {
            return labels.isEmpty() ? "no JDK" : labels.get(0);
        }
        return String.join(", ", labels.subList(0, labels.size() - 1)) + " and " + labels.get(labels.size() - 1);
    }

    /**
     * A description of the load when the 1-minute load average exceeded the cores by more than half a core, else
     * {@code null}. The run itself keeps up to about one and a half cores busy (the benchmark thread, JIT and GC,
     * and the build bench.sh runs just before the start reading): only load beyond that means other processes.
     */
    static String busy(final Properties run) {
        try {
            int cores = Integer.parseInt(run.getProperty("machine.cores", "0"));
            double start = Double.parseDouble(run.getProperty("machine.loadavg.start", "0 ").split(" ")[0]);
            double end = Double.parseDouble(run.getProperty("machine.loadavg.end", "0 ").split(" ")[0]);
            if (cores > 0 && Math.max(start, end) > cores + 0.5) {
                return String.format(Locale.ROOT, "1-minute load average %.1f at the start and %.1f at the end, on"
                        + " %d cores", start, end, cores);
            }
        } catch (NumberFormatException e) {
            // no load average recorded (not Linux): say nothing
        }
        return null;
    }

    /**
     * How many benchmarks were still warming up while measured, when more than a tenth of them were, by column;
     * else {@code null}.
     */
    static String warming(final Results r) {
        int still = 0;
        int all = 0;
        List<String> parts = new ArrayList<>();
        for (Map.Entry<Impl, int[]> e : r.warming.entrySet()) {
            still += e.getValue()[0];
            all += e.getValue()[1];
            parts.add(e.getKey().label + " " + e.getValue()[0] + " of " + e.getValue()[1]);
        }
        if (all == 0 || still * 10 <= all) {
            return null;
        }
        return String.format(Locale.ROOT, "in %d of %d benchmarks the first measured iteration was more than %.0f%% "
                + "slower than the last (%s)", still, all, (STILL_WARMING - 1) * 100, String.join(", ", parts));
    }

    /** The rows of the headline: every workload, both stream patterns, and the RMI arguments. */
    private static List<Object[]> headlineRows(final Results r) {
        List<Object[]> rows = new ArrayList<>();
        for (Pattern p : Pattern.values()) {
            for (Workload w : Workload.values()) {
                if (r.jdks.stream().anyMatch(j -> r.speedup(j, Impl.DEFAULT, w, p) != null)) {
                    rows.add(new Object[] {w, p});
                }
            }
        }
        return rows;
    }

    private static void headline(final StringBuilder md, final Results r, final Properties run) {
        md.append("## The agent's default against no agent\n\n");
        md.append("Round trip (write + read; for RMI, the remote call), speed-up = time without the agent / time with "
                + "`-javaagent:serialboost-agent.jar` and **no settings**: the agent's default, the engine layer, which "
                + "changes no byte on the wire (checked in this run: ");
        List<String> same = new ArrayList<>();
        for (int jdk : r.jdks) {
            String n = run.getProperty("check." + jdk + ".default.same-bytes");
            if (n != null) {
                same.add("JDK " + jdk + ": " + n + " of " + n + " streams");
            }
        }
        md.append(same.isEmpty() ? "not in this run" : "the default wrote the same bytes as no agent, "
                + String.join("; ", same)).append("). Each JDK against itself without the agent, same run; `±` "
                + "combines both scores' 99.9% confidence half-widths. Above 1 is faster.\n\n");
        List<Object[]> rows = headlineRows(r);
        md.append("| workload | pattern |");
        for (int jdk : r.jdks) {
            md.append(" JDK ").append(jdk).append(" |");
        }
        md.append("\n|---|---|").append("---:|".repeat(r.jdks.size())).append('\n');
        for (Object[] row : rows) {
            Workload w = (Workload) row[0];
            Pattern p = (Pattern) row[1];
            md.append("| ").append(w).append(" | ").append(p.label).append(" |");
            for (int jdk : r.jdks) {
                Score s = r.speedup(jdk, Impl.DEFAULT, w, p);
                md.append(' ').append(s == null ? "—" : "**" + ratioWithError(s) + "**").append(" |");
            }
            md.append('\n');
        }
        md.append('\n');

        int targetJdk = r.jdks.contains(TARGET_JDK) ? TARGET_JDK : mainJdk(r, run);
        md.append("### Targets\n\n");
        md.append("From the issues: the agent against no agent, round trip, JDK ")
                .append(TARGET_JDK).append(targetJdk == TARGET_JDK ? "" : " (not in this run: JDK " + targetJdk
                        + " instead)").append(" unless the row names another, in the agent's default (the engine"
                        + " layer) unless it names the converted format; and no row of the table above below ")
                .append(ratio(FLOOR))
                .append(". \"within error\" means the ratio misses the target but its `±` reaches it.\n\n");
        md.append("| workload | pattern | mode | JDK | target | measured | verdict |\n"
                + "|---|---|---|---|---:|---:|---|\n");
        for (Target t : TARGETS) {
            int jdk = t.jdk == TARGET_JDK ? targetJdk : t.jdk;
            Score s = r.jdks.contains(jdk) ? r.speedup(jdk, t.impl, t.workload, t.pattern) : null;
            if (s == null) {
                continue;
            }
            md.append("| ").append(t.workload).append(" | ").append(t.pattern.label).append(" | ")
                    .append(t.impl.label).append(" | ").append(jdk).append(" | ")
                    .append(t.factor == 1.0 ? "no slower" : "≥ " + ratio(t.factor)).append(" | ")
                    .append(ratioWithError(s)).append(" | ").append(verdict(s, t.factor)).append(" |\n");
        }
        Score lowest = null;
        String lowestRow = null;
        List<String> below = new ArrayList<>();
        String floorVerdict = "met";
        int count = 0;
        for (Object[] row : rows) {
            for (int jdk : r.jdks) {
                Score s = r.speedup(jdk, Impl.DEFAULT, (Workload) row[0], (Pattern) row[1]);
                if (s == null) {
                    continue;
                }
                count++;
                String name = row[0] + ", " + ((Pattern) row[1]).label + ", JDK " + jdk;
                if (lowest == null || s.value < lowest.value) {
                    lowest = s;
                    lowestRow = name;
                }
                if (s.value < FLOOR) {
                    String v = verdict(s, FLOOR);
                    below.add(name + ": " + ratioWithError(s) + " (" + v + ")");
                    floorVerdict = floorVerdict.equals("**missed**") ? floorVerdict : v;
                }
            }
        }
        if (lowest != null) {
            md.append("| every row above (").append(count).append(") | | ").append(Impl.DEFAULT.label)
                    .append(" | all | ≥ ").append(ratio(FLOOR))
                    .append(" | lowest ").append(ratioWithError(lowest)).append(" (").append(lowestRow).append(") | ")
                    .append(floorVerdict).append(" |\n");
        }
        md.append('\n');
        if (!below.isEmpty()) {
            md.append("Rows below ").append(ratio(FLOOR)).append(": ").append(String.join("; ", below))
                    .append(".\n\n");
        }
        md.append("**Where the gain comes from, and where it cannot.** The engine layer removes work the JDK repeats "
                + "for every new stream: writing each class descriptor (class name, serialVersionUID, every field "
                + "name and type) from scratch, reading it back into new strings, resolving each class by name "
                + "through a stack walk, and binding each stream descriptor to the local class. A new stream per "
                + "object pays all of that every time, so the one-per-stream pattern gains, the more the more classes "
                + "a graph carries (the JDK's own `String`, `Date`, `ArrayList`, `BigDecimal`, `HashMap` included). "
                + "In a long stream the descriptors are written once, and what remains is the per-object work: there the "
                + "engine packs primitives with one big-endian access each where JDK 17 stores them byte by byte, "
                + "copies each class's primitive fields with code generated for it, reads a byte array's stream "
                + "without its lock, decodes strings straight from the stream's buffer, and keeps the writing side's "
                + "handle table of a long stream at one entry per bucket; the rest (the handle table's identity "
                + "hashing, writing strings, custom `writeObject` methods, allocating arrays) stays the JDK's. "
                + "RMI writes each argument "
                + "and result into a stream of its own, but adds its protocol and a loopback TCP round trip per call, "
                + "which no layer changes; and its streams override `resolveClass`, for which the engine calls the "
                + "stream's method as the JDK does instead of its own cache.\n\n");
    }

    /** Every mode against no agent, round trip, one table per JDK. */
    private static void layers(final StringBuilder md, final Results r) {
        md.append("## The two layers compared\n\n");
        md.append("Round trip, speed-up of each agent mode against no agent on the same JDK. *convert=all + engine* is "
                + "the opt-in converted format as users get it (the engine stays on); *convert=all, engine=false* is "
                + "the converted format alone; *per-field* writes MarketData's fields one by one instead of as one "
                + "record (`include ** bulk=off`; it changes nothing for the other workloads, so only MarketData "
                + "runs it). The converted format changes the wire format of the converted classes: both ends need "
                + "the agent ([compatibility](compatibility.md)).\n\n");
        List<Impl> modes = List.of(Impl.DEFAULT, Impl.CONVERTED, Impl.CONVERTED_NO_ENGINE, Impl.CONVERTED_FIELDS);
        for (int jdk : r.jdks) {
            List<Impl> columns = modes.stream().filter(i -> r.has(jdk, i)).toList();
            md.append("### JDK ").append(jdk).append("\n\n| workload | pattern | no agent (ns) |");
            for (Impl i : columns) {
                md.append(' ').append(i.label).append(" |");
            }
            md.append("\n|---|---|---:|").append("---:|".repeat(columns.size())).append('\n');
            for (Pattern p : Pattern.values()) {
                for (Workload w : Workload.values()) {
                    Score off = r.get(jdk, Impl.NO_AGENT, w, p, Op.ROUND_TRIP);
                    if (off == null || columns.stream().noneMatch(i -> r.speedup(jdk, i, w, p) != null)) {
                        continue;
                    }
                    md.append("| ").append(w).append(" | ").append(p.label).append(" | ").append(time(off))
                            .append(" |");
                    for (Impl i : columns) {
                        Score s = r.speedup(jdk, i, w, p);
                        md.append(' ').append(s == null ? "—" : ratioWithError(s)).append(" |");
                    }
                    md.append('\n');
                }
            }
            md.append('\n');
        }
    }

    private static void rmi(final StringBuilder md, final Results r) {
        if (!r.has(Pattern.RMI)) {
            return;
        }
        md.append("## A real client: JDK RMI\n\n");
        md.append("`RmiBenchmark`: a client calls a remote method on an RMI server in the same JVM over loopback "
                + "(`LocateRegistry.createRegistry` on an ephemeral port of 127.0.0.1, the service exported with "
                + "`UnicastRemoteObject.exportObject` and looked up through the registry's stub), passing the workload "
                + "object and getting the server's copy back: per call, the argument and the result each go through a "
                + "new RMI marshal stream on one side and are read on the other, plus RMI's protocol and the TCP round "
                + "trip. Time per call in ns; speed-up against no agent on the same JDK.\n\n");
        List<Impl> modes = List.of(Impl.DEFAULT, Impl.CONVERTED, Impl.CONVERTED_NO_ENGINE);
        md.append("| JDK | argument | no agent |");
        for (Impl i : modes) {
            md.append(' ').append(i.label).append(" | speed-up |");
        }
        md.append("\n|---|---|---:|").append("---:|---:|".repeat(modes.size())).append('\n');
        for (int jdk : r.jdks) {
            for (Workload w : Workload.values()) {
                Score off = r.get(jdk, Impl.NO_AGENT, w, Pattern.RMI, Op.ROUND_TRIP);
                if (off == null) {
                    continue;
                }
                md.append("| ").append(jdk).append(" | ").append(w).append(" | ").append(time(off)).append(" |");
                for (Impl i : modes) {
                    Score s = r.get(jdk, i, w, Pattern.RMI, Op.ROUND_TRIP);
                    md.append(' ').append(s == null ? "—" : time(s)).append(" | ")
                            .append(s == null ? "—" : "**" + ratioWithError(off.speedupOf(s)) + "**").append(" |");
                }
                md.append('\n');
            }
        }
        md.append('\n');
    }

    static String verdict(final Score s, final double target) {
        if (s.value >= target) {
            return "met";
        }
        if (!Double.isNaN(s.error) && s.value + s.error >= target) {
            return "within error";
        }
        return "**missed**";
    }

    private static void times(final StringBuilder md, final Results r, final Properties run) {
        int main = mainJdk(r, run);
        md.append("## Times\n\n");
        md.append("Average time per object in ns (`").append(r.unit).append("`; for the 1,000-object stream, the "
                + "stream's time divided by 1,000). `±` is JMH's 99.9% confidence half-width. **Speed-up** is the "
                + "time without the agent divided by the time in the column before it, from the same run and JDK: "
                + "above 1 is faster. A round trip is write + read.\n\n");
        md.append("### JDK ").append(main).append(", every mode and the reference rows\n\n");
        for (Workload w : Workload.values()) {
            if (r.has(main, w)) {
                workloadTable(md, r, main, w);
            }
        }
        for (int jdk : r.jdks) {
            if (jdk != main) {
                jdkTable(md, r, jdk);
            }
        }
    }

    private static void workloadTable(final StringBuilder md, final Results r, final int jdk, final Workload w) {
        List<Impl> columns = new ArrayList<>();
        for (Impl i : Impl.values()) {
            if (r.scores.keySet().stream().anyMatch(k -> k.jdk == jdk && k.impl == i && k.workload == w
                    && k.pattern != Pattern.RMI)) {
                columns.add(i);
            }
        }
        md.append("#### ").append(w).append("\n\n").append(describe(w)).append("\n\n");
        header(md, "| pattern | op |", columns);
        for (Pattern p : Pattern.STREAMS) {
            for (Op op : Op.values()) {
                if (columns.stream().noneMatch(i -> r.get(jdk, i, w, p, op) != null)) {
                    continue;
                }
                md.append("| ").append(p.label).append(" | ").append(op == Op.ROUND_TRIP ? "**round trip**" : op.label)
                        .append(" |");
                cells(md, r, jdk, w, p, op, columns);
            }
        }
        md.append('\n');
    }

    /** A JDK after the first: its modes, every workload, in one table. */
    private static void jdkTable(final StringBuilder md, final Results r, final int jdk) {
        List<Impl> columns = Arrays.stream(Impl.values()).filter(i -> r.has(jdk, i)).toList();
        md.append("### JDK ").append(jdk).append("\n\n");
        header(md, "| workload | pattern | op |", columns);
        for (Workload w : Workload.values()) {
            for (Pattern p : Pattern.STREAMS) {
                for (Op op : Op.values()) {
                    if (columns.stream().noneMatch(i -> r.get(jdk, i, w, p, op) != null)) {
                        continue;
                    }
                    md.append("| ").append(w).append(" | ").append(p.label).append(" | ")
                            .append(op == Op.ROUND_TRIP ? "**round trip**" : op.label).append(" |");
                    cells(md, r, jdk, w, p, op, columns);
                }
            }
        }
        md.append('\n');
    }

    private static void header(final StringBuilder md, final String first, final List<Impl> columns) {
        md.append(first);
        int cells = 0;
        for (Impl i : columns) {
            md.append(' ').append(i.label).append(" |");
            cells++;
            if (i.agent()) {
                md.append(" speed-up |");
                cells++;
            }
        }
        md.append('\n').append(first.replaceAll("[^|]+", "---")).append("---:|".repeat(cells)).append('\n');
    }

    private static void cells(final StringBuilder md, final Results r, final int jdk, final Workload w,
                              final Pattern p, final Op op, final List<Impl> columns) {
        boolean rt = op == Op.ROUND_TRIP;
        Score off = r.get(jdk, Impl.NO_AGENT, w, p, op);
        for (Impl i : columns) {
            Score s = r.get(jdk, i, w, p, op);
            md.append(' ').append(s == null ? "—" : time(s)).append(" |");
            if (i.agent()) {
                String x = s == null || off == null ? "—" : ratioWithError(off.speedupOf(s));
                md.append(' ').append(rt && !x.equals("—") ? "**" + x + "**" : x).append(" |");
            }
        }
        md.append('\n');
    }

    private static String describe(final Workload w) {
        return switch (w) {
            case MarketData -> "2 longs + 16 doubles, all primitive: the converted format writes the level as one "
                    + "144-byte record (bulk body) or field by field (per-field body).";
            case Employee -> "5 Strings, a Date, a Double, a supervisor chain (1,000 staff share 20 managers, who "
                    + "share one head) and a List of 2 phone numbers.";
            case Order -> "Final fields, no no-arg constructor, 10-element `double[]` and `long[]`. The converted "
                    + "format instantiates it as plain JDK does and stores the finals through its runtime.";
            case Sample -> "An int, a float, a Short, `long[3000]`, `double[3000]` and a reference to itself "
                    + "(~48 KB per object).";
            case CustomerOrder -> "The business graph: an order with its customer and addresses (100 customers shared "
                    + "across the 1,000-object stream), 3 to 5 lines with `BigDecimal` prices pointing back at the "
                    + "order, a `LocalDate`, an enum and a `HashMap` of 4 attributes. No hand-written twin.";
            case Position -> "Its own `writeObject`/`readObject` around `defaultWriteObject`/`defaultReadObject`: "
                    + "2 Strings, a long, 2 doubles and a Date, then a checksum written after the default part. "
                    + "The converted format converts the default part and runs the class's methods for the rest. "
                    + "No hand-written twin.";
        };
    }

    /** The converted format (as users get it, with the engine) against the hand-written twins. */
    private static void handWritten(final StringBuilder md, final Results r, final int jdk) {
        if (!r.has(jdk, Impl.HANDWRITTEN) || !r.has(jdk, Impl.CONVERTED)) {
            return;
        }
        md.append("## The converted format against hand-written `Externalizable`\n\n");
        md.append("JDK ").append(jdk).append(", round trip; speed-up = hand-written time / converted time (target: at "
                + "least as fast). The hand-written twins run without the agent.\n\n");
        md.append("| workload | pattern | hand-written | convert=all + engine | speed-up | verdict |\n"
                + "|---|---|---:|---:|---:|---|\n");
        for (Workload w : Workload.values()) {
            for (Pattern p : Pattern.STREAMS) {
                Score hand = r.get(jdk, Impl.HANDWRITTEN, w, p, Op.ROUND_TRIP);
                Score on = r.get(jdk, Impl.CONVERTED, w, p, Op.ROUND_TRIP);
                if (hand == null || on == null) {
                    continue;
                }
                Score s = hand.speedupOf(on);
                md.append("| ").append(w).append(" | ").append(p.label).append(" | ").append(time(hand))
                        .append(" | ").append(time(on)).append(" | ").append(ratioWithError(s)).append(" | ")
                        .append(verdict(s, 1.0)).append(" |\n");
            }
        }
        md.append('\n');
    }

    private static void bulkTable(final StringBuilder md, final Results r, final int jdk) {
        Workload w = Workload.MarketData;
        if (!r.has(jdk, Impl.CONVERTED_FIELDS) || !r.has(jdk, Impl.CONVERTED)) {
            return;
        }
        md.append("## Bulk body against per-field body (MarketData)\n\n");
        md.append("JDK ").append(jdk).append(": no agent, the converted format's per-field body (`include ** "
                + "bulk=off`) and its bulk body (the converted format's default), both with the engine, same run. "
                + "Each ratio is a speed-up: the first time divided by the second.\n\n");
        md.append("| pattern | op | no agent | per-field | bulk | per-field vs no agent | bulk vs no agent "
                + "| bulk vs per-field |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (Pattern p : Pattern.STREAMS) {
            for (Op op : Op.values()) {
                Score off = r.get(jdk, Impl.NO_AGENT, w, p, op);
                Score fields = r.get(jdk, Impl.CONVERTED_FIELDS, w, p, op);
                Score bulk = r.get(jdk, Impl.CONVERTED, w, p, op);
                if (off == null || fields == null || bulk == null) {
                    continue;
                }
                md.append("| ").append(p.label).append(" | ").append(op.label).append(" | ").append(time(off))
                        .append(" | ").append(time(fields)).append(" | ").append(time(bulk)).append(" | ")
                        .append(ratioWithError(off.speedupOf(fields))).append(" | ")
                        .append(ratioWithError(off.speedupOf(bulk))).append(" | ")
                        .append(ratioWithError(fields.speedupOf(bulk))).append(" |\n");
            }
        }
        md.append('\n');
    }

    private static void sizes(final StringBuilder md, final Results r, final Properties run) {
        md.append("## Serialized size\n\n");
        md.append("Bytes written on JDK ").append(mainJdk(r, run)).append(", measured once per mode by the same "
                + "benchmark methods (`SelfCheck`). For the 1,000-object stream: the whole stream, and per object. "
                + "The agent's default writes the very bytes of no agent (compared stream by stream).\n\n");
        List<Impl> impls = Arrays.stream(Impl.values())
                .filter(i -> Arrays.stream(Workload.values()).anyMatch(w -> Pattern.STREAMS.stream()
                        .anyMatch(p -> run.getProperty(sizeKey(i, w, p)) != null))).toList();
        md.append("| workload | pattern |");
        for (Impl i : impls) {
            md.append(' ').append(i.label).append(" |");
        }
        md.append("\n|---|---|").append("---:|".repeat(impls.size())).append('\n');
        for (Workload w : Workload.values()) {
            for (Pattern p : Pattern.STREAMS) {
                boolean any = false;
                StringBuilder row = new StringBuilder("| ").append(w).append(" | ").append(p.label).append(" |");
                for (Impl i : impls) {
                    String v = run.getProperty(sizeKey(i, w, p));
                    any |= v != null;
                    row.append(' ').append(v == null ? "—" : bytes(Long.parseLong(v), p)).append(" |");
                }
                if (any) {
                    md.append(row).append('\n');
                }
            }
        }
        md.append('\n');
    }

    static String sizeKey(final Impl i, final Workload w, final Pattern p) {
        String method = "write" + p.method;
        return switch (i) {
            case HANDWRITTEN -> "size.off.JdkStreamBenchmark." + method + "." + w + ".HANDWRITTEN";
            case KRYO -> "size.off.KryoBenchmark." + method + "." + w;
            case FORY -> "size.off.ForyBenchmark." + method + "." + w;
            default -> "size." + i.mode.id() + ".JdkStreamBenchmark." + method + "." + w + ".SERIALIZABLE";
        };
    }

    private static String bytes(final long n, final Pattern p) {
        if (p == Pattern.ONE) {
            return String.format(Locale.ROOT, "%,d", n);
        }
        return String.format(Locale.ROOT, "%,d (%,.0f/obj)", n, n / (double) Workload.BATCH);
    }

    /** The section "What the agent costs", from what {@link BenchRunner} measured ({@code --cost-only} too). */
    public static void costs(final StringBuilder md, final Properties run) {
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
            transformTime(md, run);
        }
        classPath(md, run);
        acrossJdks(md, run);
    }

    /**
     * The cost figures of every JDK of the run side by side (the tables above are the first JDK's), with the targets
     * the agent is held to.
     */
    static void acrossJdks(final StringBuilder md, final Properties run) {
        List<String> jdks = List.of(run.getProperty("cost.jdks", "").split(","));
        if (jdks.size() < 2) {
            return;
        }
        List<Properties> each = new ArrayList<>();
        for (String jdk : jdks) {
            each.add(jdk.equals(jdks.get(0)) ? run : costsOf(run, RunRecord.costPrefix(Integer.parseInt(jdk))));
        }
        md.append("**On every JDK of the run.** The same measurements on each JDK, each against itself without the "
                + "agent (the tables above are JDK ").append(jdks.get(0)).append("'s).\n\n| |");
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
        acrossRow(md, each, "transform time per class looked at (generated app)", ReportGenerator::transformPerClass,
                "");
        acrossRow(md, each, "loading the published jars' classes without the agent (median)",
                p -> p.getProperty("classpath.load.off.median") == null ? null
                        : p.getProperty("classpath.load.off.median") + " ms", "");
        acrossRow(md, each, "class loading, agent default: **per class looked at**", p -> perClass(p, "default"),
                "≤ 20 µs");
        acrossRow(md, each, "class loading, `convert=all`: **per class looked at**", p -> perClass(p, "converted"),
                "≤ 60 µs");
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
                                  final java.util.function.Function<Properties, String> cell, final String target) {
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

    private static String transformPerClass(final Properties p) {
        String ms = p.getProperty("transform.ms.median");
        return ms == null ? null : String.format(Locale.ROOT, "%.0f µs", Double.parseDouble(ms) * 1000
                / Integer.parseInt(p.getProperty("transform.classes")));
    }

    private static String perClass(final Properties p, final String mode) {
        String v = p.getProperty("classpath.perclass." + mode);
        return v == null ? null : String.format(Locale.ROOT, "%+.1f µs", Double.parseDouble(v));
    }

    private static void transformTime(final StringBuilder md, final Properties run) {
        md.append("**Transform time per class** (converted format only; the default transforms no class). A "
                + "generated application loads and initializes ").append(run.getProperty("transform.classes"))
                .append(" classes, ").append(run.getProperty("transform.serializable")).append(" of them "
                        + "`Serializable` (7 fields each, every tenth serializable one extending another), ")
                .append(run.getProperty("transform.runs")).append(" runs with `convert=all,summary=true`. The agent's "
                        + "summary line reports the time spent in its transformer (`transform-ms`: every class it "
                        + "looked at, converted or not).\n\n");
        double ms = Double.parseDouble(run.getProperty("transform.ms.median"));
        int classes = Integer.parseInt(run.getProperty("transform.classes"));
        long converted = Long.parseLong(run.getProperty("transform.converted"));
        md.append("| | median |\n|---|---:|\n");
        md.append(String.format(Locale.ROOT, "| transformer time, all %d classes (`transform-ms`) | %.0f ms |%n",
                classes, ms));
        md.append("| **per class looked at** | **").append(transformPerClass(run)).append("** |\n");
        md.append(String.format(Locale.ROOT, "| per converted class (%d converted; all the time charged to them) "
                + "| %.0f µs |%n", converted, converted == 0 ? 0 : ms * 1000 / converted));
        md.append(String.format(Locale.ROOT, "| loading the %d classes, without / with the agent | %s / %s ms |%n",
                classes, run.getProperty("transform.load.off.median"), run.getProperty("transform.load.agent.median")));
        md.append(String.format(Locale.ROOT, "| whole process, without / with the agent | %s / %s ms |%n%n",
                run.getProperty("transform.wall.off.median"), run.getProperty("transform.wall.agent.median")));
        md.append("The first classes also pay for loading the agent's own code (ASM) and for the JIT not having "
                + "compiled it yet; the per-class figure includes that.\n\n");
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

    private static void classPath(final StringBuilder md, final Properties run) {
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

    private static String statRow(final String label, final Properties run, final String key, final String unit) {
        return "| " + label + " | " + run.getProperty(key + ".median") + " " + unit + " | "
                + run.getProperty(key + ".p25") + " – " + run.getProperty(key + ".p75") + " " + unit + " | "
                + run.getProperty(key + ".min") + " – " + run.getProperty(key + ".max") + " " + unit + " |";
    }

    private static void method(final StringBuilder md, final Results r, final Properties run) {
        int main = mainJdk(r, run);
        md.append("## How it is measured\n\n");
        md.append("- **One command, every mode, every JDK.** `./bench.sh` builds the agent and "
                + "`bench/target/benchmarks.jar` and starts `BenchRunner`, which runs the same JMH benchmark methods "
                + "in forks of each agent mode, one JDK after the other (`--jdks 17,21,25`, or `--jdk HOME` for any "
                + "JDK home; the forks need only its `java`), and writes this page from that one run. Every ratio is "
                + "a JDK against itself without the agent.\n");
        md.append("- **Modes.** *no agent*; *agent default*: `-javaagent:serialboost-agent.jar` with no settings, the "
                + "engine layer; *convert=all + engine*: the opt-in converted format as users get it (bulk body); "
                + "*convert=all, per-field + engine*: the same with `include ** bulk=off` (MarketData only); "
                + "*convert=all, engine=false*: the converted format alone. ");
        List<String> perJdk = new ArrayList<>();
        for (int jdk : r.jdks) {
            String modes = run.getProperty("jdk." + jdk + ".modes");
            if (modes != null) {
                perJdk.add("JDK " + jdk + ": " + modes.replace(",", ", "));
            }
        }
        if (!perJdk.isEmpty()) {
            md.append("This run: ").append(String.join("; ", perJdk)).append(" (reference rows on JDK ").append(main)
                    .append(" only).");
        }
        md.append('\n');
        md.append("- **Same methods, unchanged classes.** `JdkStreamBenchmark` runs the plain `Serializable` workload "
                + "classes (`bench/src/main/java/dev/serialboost/bench/model`) through `ObjectOutputStream` / "
                + "`ObjectInputStream`; `RmiBenchmark` passes them to a remote method over loopback RMI.\n");
        md.append("- **Two patterns.** *One per stream*: a new `ObjectOutputStream` per object, as RMI, caches and "
                + "session stores do: stream header and class descriptors are paid per object. *1,000 per "
                + "stream*: one stream holding 1,000 objects, as a journal: descriptors are written once, "
                + "objects shared between records (Employee supervisors, CustomerOrder customers) become "
                + "back-references.\n");
        md.append("- **Write and read apart.** Writes go into a reused `ByteArrayOutputStream`; reads deserialize "
                + "bytes prepared in the benchmark's set-up. A round trip is their sum; its `±` combines both.\n");
        md.append("- **Timing**: ").append(run.getProperty("run.profile.description", "?")).append(", JMH average "
                + "time, JVM options `").append(run.getProperty("fork.options", "")).append("`.\n");
        md.append("- **Checked, not assumed.** Before timing, every benchmark method runs once per JDK and mode and "
                + "its result is compared with the source objects, identity included (`SelfCheck`); in the default "
                + "mode every stream written must be byte for byte the stream written without the agent. Every fork "
                + "checks in its set-up that the workload classes are converted exactly when its mode says so. The "
                + "runner reads every fork's output: each agent fork must print the start-up line of its mode "
                + "(`engine: on` or `off`; `converting: none` in the default), and each converting fork a "
                + "`summary=true` line with `errors=0`.");
        long converting = run.stringPropertyNames().stream().filter(k -> k.matches("agent\\.\\d+\\..*\\.forks\\.jvms"))
                .mapToLong(k -> Long.parseLong(run.getProperty(k))).sum();
        if (converting > 0) {
            md.append(" This run: ").append(converting).append(" converting forks, all with `errors=0`.");
        }
        md.append('\n');
        md.append("- **JMH's own classes stay plain** in the converting JVMs (`exclude org.openjdk.jmh.**`): JMH sends "
                + "results from each fork to its host JVM, which has no agent, with Java serialization, and a "
                + "converted class is `Externalizable` on the wire ([compatibility](compatibility.md)). That is "
                + "the rule for any pair of JVMs: both ends need the agent, or the class excluded. The default mode "
                + "needs no such rule.\n");
        md.append("- **What the converted format decided** (its `verbose=true` lines, JDK ").append(main)
                .append("):\n");
        for (Workload w : Workload.values()) {
            String d = run.getProperty("agent.converted.decision." + w.modelClass().getSimpleName());
            if (d != null) {
                md.append("  - `").append(d).append("`\n");
            }
        }
        md.append("\n### Looking closer at one result\n\n");
        md.append("Run one benchmark in one mode by hand, with a JMH profiler (`gc`: allocation per operation; "
                + "`stack`: hottest stacks; `jfr`: a flight recording per fork). The default needs nothing else:\n\n");
        md.append("```\njava -jar bench/target/benchmarks.jar 'JdkStreamBenchmark.readOnePerStream' \\\n"
                + "     -p workload=Employee -p form=SERIALIZABLE -f 1 -wi 3 -i 5 \\\n"
                + "     -jvmArgsPrepend -javaagent:agent/target/serialboost-agent.jar -prof gc\n```\n\n");
        md.append("The converted format needs a rules file that keeps JMH's classes plain (`bench.sh` leaves one per "
                + "mode in `bench/target/bench-results/`):\n\n");
        md.append("```\necho 'exclude org.openjdk.jmh.**' > /tmp/jmh.conf\n"
                + "java -jar bench/target/benchmarks.jar 'JdkStreamBenchmark.readOnePerStream' \\\n"
                + "     -p workload=Employee -p form=SERIALIZABLE -f 1 -wi 3 -i 5 \\\n"
                + "     -jvmArgsPrepend \"-javaagent:agent/target/serialboost-agent.jar=config=/tmp/jmh.conf,convert=all\" "
                + "-prof gc\n```\n");
        md.append("\n### Reference rows need source changes\n\n");
        md.append("**Hand-written `Externalizable`, Kryo and Fory are context, not alternatives you get for free.** "
                + "Each needs source changes and a different wire format: the hand-written twins "
                + "(`bench/.../handwritten`) are new classes with `writeExternal`/`readExternal` and public no-arg "
                + "constructors (Order loses its `final` fields), `Externalizable` on the wire like the converted "
                + "classes; Kryo ")
                .append(run.getProperty("version.kryo", "")).append(" and Fory ")
                .append(run.getProperty("version.fory", ""))
                .append(" replace the stream API at every call site and write their own formats, readable only by "
                        + "themselves. serialboost changes no source and keeps `ObjectOutputStream`. The "
                        + "reference rows run in the JVM without the agent, set up as each library's "
                        + "documentation recommends: registration required, reference tracking only for Employee, "
                        + "Sample and CustomerOrder, Fory in Java (native) mode; Kryo keeps references across the "
                        + "1,000 objects of one stream (auto-reset off), Fory writes them as one `Object[]` (it "
                        + "tracks references within one call).\n\n");
    }

    private static void machine(final StringBuilder md, final Results r, final Properties run) {
        md.append("## Machine and software\n\n| | |\n|---|---|\n");
        row(md, "CPU", run.getProperty("machine.cpu"));
        row(md, "cores (nproc)", run.getProperty("machine.cores"));
        row(md, "memory", run.getProperty("machine.memory"));
        row(md, "OS", run.getProperty("machine.os"));
        for (int jdk : r.jdks) {
            String home = run.getProperty("jdk." + jdk + ".home");
            row(md, "JDK " + jdk, r.jdkVersions.get(jdk) + (home == null ? "" : " (`" + home + "`)"));
        }
        row(md, "runner JVM", run.getProperty("jdk"));
        row(md, "benchmark JVM options", "`" + run.getProperty("fork.options", "") + "`");
        row(md, "load average at start / end", run.getProperty("machine.loadavg.start") + " / "
                + run.getProperty("machine.loadavg.end"));
        row(md, "JMH", (r.jmhVersion == null ? run.getProperty("version.jmh") : r.jmhVersion) + ", profile `"
                + run.getProperty("run.profile") + "`: " + run.getProperty("run.profile.description"));
        row(md, "serialboost agent", run.getProperty("version.agent") + " (source revision "
                + run.getProperty("run.revision") + ")");
        row(md, "Kryo / Fory", run.getProperty("version.kryo") + " / " + run.getProperty("version.fory"));
        md.append("\nReproduce: `").append(run.getProperty("run.command"))
                .append("` (builds the agent and `bench/target/benchmarks.jar`, runs everything, rewrites this page "
                        + "and its chart). Raw results: `bench/target/bench-results/` (`jmh.json`, "
                        + "`run.properties`, a JMH log per JDK and mode).\n");
    }

    private static void row(final StringBuilder md, final String k, final String v) {
        md.append("| ").append(k).append(" | ").append(v == null ? "—" : v).append(" |\n");
    }

    static String time(final Score s) {
        String v = s.value >= 100 ? String.format(Locale.ROOT, "%,.0f", s.value)
                : String.format(Locale.ROOT, "%.1f", s.value);
        if (Double.isNaN(s.error)) {
            return v;
        }
        String e = s.value >= 100 ? String.format(Locale.ROOT, "%,.0f", s.error)
                : String.format(Locale.ROOT, "%.1f", s.error);
        return v + " ± " + e;
    }

    static String ratio(final double r) {
        return String.format(Locale.ROOT, "%.2fx", r);
    }

    static String ratioWithError(final Score s) {
        return Double.isNaN(s.error) ? ratio(s.value)
                : String.format(Locale.ROOT, "%.2fx ± %.2f", s.value, s.error);
    }

    // ------------------------------------------------------------------------------------------------- the chart

    /**
     * Grouped bars: round-trip speed-up over no agent per workload and pattern, one bar per JDK for the agent's
     * default, and the converted format with and without the engine on the first JDK; on a log scale (XChart draws
     * bars on a log axis only with an explicit minimum).
     */
    static void chart(final Results r, final Properties run, final Path png) throws IOException {
        int main = mainJdk(r, run);
        List<String> categories = new ArrayList<>();
        List<Workload> ws = new ArrayList<>();
        List<Pattern> ps = new ArrayList<>();
        for (Pattern p : Pattern.values()) {
            for (Workload w : Workload.values()) {
                if (r.jdks.stream().anyMatch(j -> r.get(j, Impl.NO_AGENT, w, p, Op.ROUND_TRIP) != null)) {
                    categories.add(w + ", " + switch (p) {
                        case ONE -> "1/stream";
                        case THOUSAND -> "1,000/stream";
                        case RMI -> "RMI";
                    });
                    ws.add(w);
                    ps.add(p);
                }
            }
        }
        Map<String, List<Double>> series = new LinkedHashMap<>();
        List<Color> colors = new ArrayList<>();
        // light enough for the dark value labels drawn inside the bars
        Color[] blues = {new Color(0x6baed6), new Color(0x9ecae1), new Color(0xc6dbef), new Color(0xdeebf7)};
        int b = 0;
        double min = 1;
        List<Object[]> wanted = new ArrayList<>();
        for (int jdk : r.jdks) {
            wanted.add(new Object[] {jdk, Impl.DEFAULT, "agent default, JDK " + jdk, blues[Math.min(b++, 3)]});
        }
        wanted.add(new Object[] {main, Impl.CONVERTED, "convert=all + engine, JDK " + main, new Color(0xfd8d3c)});
        wanted.add(new Object[] {main, Impl.CONVERTED_NO_ENGINE, "convert=all, engine=false, JDK " + main,
            new Color(0xfdd0a2)});
        for (Object[] want : wanted) {
            int jdk = (Integer) want[0];
            Impl impl = (Impl) want[1];
            List<Double> values = new ArrayList<>();
            boolean any = false;
            for (int c = 0; c < categories.size(); c++) {
                Score s = r.speedup(jdk, impl, ws.get(c), ps.get(c));
                values.add(s == null ? null : s.value);
                any |= s != null;
                min = s == null ? min : Math.min(min, s.value);
            }
            if (any) {
                series.put((String) want[2], values);
                colors.add((Color) want[3]);
            }
        }
        CategoryChart chart = new CategoryChartBuilder().width(1400).height(720)
                .title("Round trip (write + read; RMI: the call): speed-up over no agent on the same JDK, same run")
                .xAxisTitle("workload, pattern")
                .yAxisTitle("times faster than the JDK without the agent (log scale)").build();
        CategoryStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Horizontal);
        styler.setYAxisLogarithmic(true);
        styler.setYAxisMin(Math.pow(10, Math.floor(Math.log10(min * 0.8))));
        styler.setYAxisDecimalPattern("0.##");
        styler.setXAxisLabelRotation(15);
        styler.setPlotGridVerticalLinesVisible(false);
        styler.setLabelsVisible(true);
        styler.setLabelsRotation(90);
        styler.setLabelsFontColorAutomaticEnabled(false);
        styler.setLabelsFontColor(Color.DARK_GRAY);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setDecimalPattern("0.00");
        if (!colors.isEmpty()) {
            styler.setSeriesColors(colors.toArray(new Color[0]));
        }
        for (Map.Entry<String, List<Double>> e : series.entrySet()) {
            chart.addSeries(e.getKey(), categories, e.getValue());
        }
        if (series.isEmpty()) {
            chart.addSeries("no data", List.of("none"), List.of(1.0));
        }
        // rendered in memory first: a chart XChart refuses to draw leaves no empty file behind
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(BitmapEncoder.getBufferedImage(chart), "png", bytes);
        Files.write(png, bytes.toByteArray());
    }
}
