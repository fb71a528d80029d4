package dev.serialboost.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Turns one run's results ({@code jmh.json}: JMH's own JSON result file, read with Gson, and {@code run.properties}: machine,
 * sizes, agent checks and costs, both written by {@link BenchRunner}) into {@code docs/benchmarks.md} and its
 * chart {@code docs/benchmarks.png}. Every ratio on the page is computed from scores of the same run.
 *
 * <p>{@code java -cp benchmarks.jar dev.serialboost.bench.ReportGenerator RESULTS_DIR DOCS_DIR} (or
 * {@code ./bench.sh --report-only}) rewrites the page from the results of the last run.
 */
public final class ReportGenerator {

    static final String JMH_JSON = "jmh.json";
    static final String RUN_PROPERTIES = "run.properties";
    static final String PAGE = "benchmarks.md";
    static final String CHART = "benchmarks.png";

    /** A column of the report: who serialized. */
    enum Impl {
        NO_AGENT("JDK, no agent"),
        AGENT_FIELDS("agent, per-field"),
        AGENT_BULK("agent, bulk (default)"),
        HANDWRITTEN("hand-written Externalizable"),
        KRYO("Kryo"),
        FORY("Fory");

        final String label;

        Impl(final String label) {
            this.label = label;
        }
    }

    /** The two stream patterns. */
    enum Pattern {
        ONE("one per stream", "OnePerStream"),
        THOUSAND("1,000 per stream", "ThousandPerStream");

        final String label;
        final String method;

        Pattern(final String label, final String method) {
            this.label = label;
            this.method = method;
        }
    }

    /** What was timed; ROUND_TRIP is write + read. */
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

    record Key(Impl impl, Workload workload, Pattern pattern, Op op) {
    }

    /** The scores of one run, round trips included. */
    static final class Results {
        final Map<Key, Score> scores = new TreeMap<>(java.util.Comparator.comparing(Key::toString));
        String unit = "ns/op";
        final Map<String, String> jmh = new TreeMap<>();

        Score get(final Impl impl, final Workload w, final Pattern p, final Op op) {
            return scores.get(new Key(impl, w, p, op));
        }

        boolean has(final Impl impl) {
            return scores.keySet().stream().anyMatch(k -> k.impl == impl);
        }

        boolean has(final Workload w) {
            return scores.keySet().stream().anyMatch(k -> k.workload == w);
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
        Path json = results.resolve(JMH_JSON);
        Path props = results.resolve(RUN_PROPERTIES);
        if (!Files.isRegularFile(json) || !Files.isRegularFile(props)) {
            throw new IllegalStateException("no complete run in " + results + " (needs " + JMH_JSON + " and "
                    + RUN_PROPERTIES + "); run ./bench.sh --quick first");
        }
        Results r = read(Files.readString(json, StandardCharsets.UTF_8));
        Properties run = BenchRunner.readRecord(props);
        Files.createDirectories(docs);
        Path png = docs.resolve(CHART);
        chart(r, png);
        Path page = docs.resolve(PAGE);
        Files.writeString(page, markdown(r, run, CHART), StandardCharsets.UTF_8);
        return List.of(page, png);
    }

    // ------------------------------------------------------------------------------------------------- reading

    /** Reads JMH's JSON result list; adds round trips where both write and read were measured. */
    static Results read(final String json) {
        Results r = new Results();
        for (JsonElement e : JsonParser.parseString(json).getAsJsonArray()) {
            JsonObject entry = e.getAsJsonObject();
            String benchmark = entry.get("benchmark").getAsString();
            String className = benchmark.substring(0, benchmark.lastIndexOf('.'));
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            JsonObject params = entry.has("params") ? entry.getAsJsonObject("params") : new JsonObject();
            JsonObject metric = entry.getAsJsonObject("primaryMetric");
            Impl impl = impl(className.substring(className.lastIndexOf('.') + 1),
                    params.has("form") ? params.get("form").getAsString() : null,
                    mode(entry.getAsJsonArray("jvmArgs")));
            Pattern pattern = method.endsWith(Pattern.ONE.method) ? Pattern.ONE : Pattern.THOUSAND;
            Op op = method.startsWith("write") ? Op.WRITE : Op.READ;
            Workload w = Workload.valueOf(params.get("workload").getAsString());
            r.scores.put(new Key(impl, w, pattern, op), new Score(number(metric.get("score")),
                    number(metric.get("scoreError"))));
            r.unit = metric.get("scoreUnit").getAsString();
            r.jmh.put("version", entry.get("jmhVersion").getAsString());
            r.jmh.put("vm", entry.get("vmName").getAsString() + " " + entry.get("vmVersion").getAsString());
            r.jmh.put("jdk", entry.get("jdkVersion").getAsString());
        }
        for (Key k : List.copyOf(r.scores.keySet())) {
            if (k.op == Op.WRITE) {
                Score read = r.get(k.impl, k.workload, k.pattern, Op.READ);
                if (read != null) {
                    r.scores.put(new Key(k.impl, k.workload, k.pattern, Op.ROUND_TRIP), r.scores.get(k).plus(read));
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

    private static Impl impl(final String benchmark, final String form, final AgentMode mode) {
        return switch (benchmark) {
            case "KryoBenchmark" -> Impl.KRYO;
            case "ForyBenchmark" -> Impl.FORY;
            case "JdkStreamBenchmark" -> "HANDWRITTEN".equals(form) ? Impl.HANDWRITTEN : switch (mode) {
                case OFF -> Impl.NO_AGENT;
                case FIELDS -> Impl.AGENT_FIELDS;
                case BULK -> Impl.AGENT_BULK;
            };
            default -> throw new IllegalArgumentException("unknown benchmark class " + benchmark);
        };
    }

    // ------------------------------------------------------------------------------------------------- the page

    /** The targets of the bench issue: round trip, agent (bulk, default) vs no agent, same run. */
    record Target(Workload workload, Pattern pattern, double factor) {
    }

    static final List<Target> TARGETS = List.of(
            new Target(Workload.MarketData, Pattern.ONE, 3.0),
            new Target(Workload.MarketData, Pattern.THOUSAND, 1.8),
            new Target(Workload.Employee, Pattern.ONE, 2.0),
            new Target(Workload.Employee, Pattern.THOUSAND, 2.0),
            new Target(Workload.Order, Pattern.ONE, 1.0),
            new Target(Workload.Order, Pattern.THOUSAND, 1.0),
            new Target(Workload.Sample, Pattern.ONE, 1.0),
            new Target(Workload.Sample, Pattern.THOUSAND, 1.0));

    static String markdown(final Results r, final Properties run, final String chart) {
        StringBuilder md = new StringBuilder();
        String profile = run.getProperty("run.profile", "?");
        md.append("# Benchmarks\n\n");
        md.append("<!-- generated by ").append(run.getProperty("run.command", "bench.sh"))
                .append(" (dev.serialboost.bench.ReportGenerator); do not edit, run the command again -->\n\n");
        md.append("serialboost makes unchanged `ObjectOutputStream` / `ObjectInputStream` code faster. This page "
                + "measures by how much, on four workloads and two stream patterns, with **numbers from one run of "
                + "one command on one machine**: `").append(run.getProperty("run.command", "?")).append("` (")
                .append(run.getProperty("run.start", "?")).append(", ").append(run.getProperty("run.minutes", "?"))
                .append(" min).\n\n");
        if (!"full".equals(profile)) {
            md.append("> **Profile `").append(profile).append("`** (").append(run.getProperty(
                    "run.profile.description", "")).append("): short iterations on a shared machine, for "
                    + "development. Take differences of less than about 20% as noise. The published numbers come "
                    + "from `./bench.sh --full`.\n\n");
        } else {
            md.append("> **Profile `full`**: ").append(run.getProperty("run.profile.description", "")).append(".\n\n");
        }
        String busy = busy(run);
        if (busy != null) {
            md.append("> **The machine was busy during this run** (").append(busy).append("): other processes "
                    + "competed for the cores, so single iterations jump and errors are wide. Compare ratios only "
                    + "where their `±` is small, and rerun on a quiet machine before quoting a number.\n\n");
        }
        md.append("![Round-trip speed-up over plain JDK serialization](").append(chart).append(")\n\n");

        targets(md, r);
        md.append("## Times\n\n");
        md.append("Average time per object in ns (`").append(r.unit).append("`; for the 1,000-object stream, the "
                + "stream's time divided by 1,000). `±` is JMH's 99.9% confidence half-width. **Speed-up** is the "
                + "time without the agent divided by the time with it, from the same run: above 1 is faster. A "
                + "round trip is write + read.\n\n");
        for (Workload w : Workload.values()) {
            if (r.has(w)) {
                workloadTable(md, r, w);
            }
        }
        bulkTable(md, r);
        sizes(md, r, run);
        costs(md, run);
        method(md, r, run);
        machine(md, r, run);
        return md.toString();
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

    private static void targets(final StringBuilder md, final Results r) {
        md.append("## Targets\n\n");
        md.append("From the bench issue: agent on (bulk body, the default) against agent off, round trip, same "
                + "run. \"within error\" means the ratio misses the target but its confidence interval reaches it.\n\n");
        md.append("| workload | pattern | target | measured speed-up | verdict |\n|---|---|---:|---:|---|\n");
        for (Target t : TARGETS) {
            Score off = r.get(Impl.NO_AGENT, t.workload, t.pattern, Op.ROUND_TRIP);
            Score on = r.get(Impl.AGENT_BULK, t.workload, t.pattern, Op.ROUND_TRIP);
            if (off == null || on == null) {
                continue;
            }
            Score s = off.speedupOf(on);
            md.append("| ").append(t.workload).append(" | ").append(t.pattern.label).append(" | ")
                    .append(t.factor == 1.0 ? "no slower" : "≥ " + ratio(t.factor)).append(" | ")
                    .append(ratioWithError(s)).append(" | ").append(verdict(s, t.factor)).append(" |\n");
        }
        md.append("\nAgent (bulk, default) against the hand-written `Externalizable` twin, round trip (target: at "
                + "least as fast; speed-up = hand-written time / agent time):\n\n");
        md.append("| workload | pattern | hand-written | agent | speed-up | verdict |\n|---|---|---:|---:|---:|---|\n");
        for (Workload w : Workload.values()) {
            for (Pattern p : Pattern.values()) {
                Score hand = r.get(Impl.HANDWRITTEN, w, p, Op.ROUND_TRIP);
                Score on = r.get(Impl.AGENT_BULK, w, p, Op.ROUND_TRIP);
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
        md.append("**Where the gain comes from, and where it cannot.** What the agent removes is per-stream work: the "
                + "field descriptors the JDK writes into every new stream's class descriptors, and reads back and "
                + "matches against the local class. A new stream per object pays that every time, so that pattern "
                + "gains. In a long stream the descriptors are written once; after that the JDK copies an object's "
                + "primitive fields with no reflection (its `FieldReflector` reads them with `Unsafe` into one byte "
                + "array), about the work a generated body does, and the `Externalizable` format adds a block-data "
                + "frame and the 4-byte layout hash per class level per object. So the 1,000-per-stream pattern "
                + "stays near 1x. The hand-written `Externalizable` twins, the textbook manual optimisation, land "
                + "in the same place: the agent's times match theirs, so the ratios above are what the "
                + "`Externalizable` route through the JDK's streams reaches, whoever writes the code. The rest of a "
                + "one-per-stream round trip is the stream machinery itself (stream headers, handle tables, "
                + "resolving each class by name), which neither changes; Kryo and Fory avoid it by replacing the "
                + "stream API and its format.\n\n");
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

    private static void workloadTable(final StringBuilder md, final Results r, final Workload w) {
        List<Impl> columns = new ArrayList<>();
        for (Impl i : Impl.values()) {
            if (r.scores.keySet().stream().anyMatch(k -> k.impl == i && k.workload == w)) {
                columns.add(i);
            }
        }
        md.append("### ").append(w).append("\n\n").append(describe(w)).append("\n\n");
        md.append("| pattern | op |");
        for (Impl i : columns) {
            md.append(' ').append(i.label).append(" |");
            if (i == Impl.AGENT_FIELDS || i == Impl.AGENT_BULK) {
                md.append(" speed-up |");
            }
        }
        md.append("\n|---|---|");
        for (Impl i : columns) {
            md.append("---:|");
            if (i == Impl.AGENT_FIELDS || i == Impl.AGENT_BULK) {
                md.append("---:|");
            }
        }
        md.append('\n');
        for (Pattern p : Pattern.values()) {
            for (Op op : Op.values()) {
                if (columns.stream().noneMatch(i -> r.get(i, w, p, op) != null)) {
                    continue;
                }
                boolean rt = op == Op.ROUND_TRIP;
                md.append("| ").append(p.label).append(" | ").append(rt ? "**round trip**" : op.label).append(" |");
                Score off = r.get(Impl.NO_AGENT, w, p, op);
                for (Impl i : columns) {
                    Score s = r.get(i, w, p, op);
                    md.append(' ').append(s == null ? "—" : time(s)).append(" |");
                    if (i == Impl.AGENT_FIELDS || i == Impl.AGENT_BULK) {
                        String x = s == null || off == null ? "—" : ratioWithError(off.speedupOf(s));
                        md.append(' ').append(rt && !x.equals("—") ? "**" + x + "**" : x).append(" |");
                    }
                }
                md.append('\n');
            }
        }
        md.append('\n');
    }

    private static String describe(final Workload w) {
        return switch (w) {
            case MarketData -> "2 longs + 16 doubles, all primitive: the agent writes the level as one 144-byte "
                    + "record (bulk body) or field by field (per-field body).";
            case Employee -> "5 Strings, a Date, a Double, a supervisor chain (1,000 staff share 20 managers, who "
                    + "share one head) and a List of 2 phone numbers. The bulk body does not apply.";
            case Order -> "Final fields, no no-arg constructor, 10-element `double[]` and `long[]`. The agent "
                    + "injects the constructor and stores the finals through its runtime.";
            case Sample -> "An int, a float, a Short, `long[3000]`, `double[3000]` and a reference to itself "
                    + "(~48 KB per object).";
        };
    }

    private static void bulkTable(final StringBuilder md, final Results r) {
        Workload w = Workload.MarketData;
        if (r.get(Impl.AGENT_FIELDS, w, Pattern.ONE, Op.WRITE) == null
                && r.get(Impl.AGENT_FIELDS, w, Pattern.THOUSAND, Op.WRITE) == null) {
            return;
        }
        md.append("## Bulk body against per-field body (MarketData)\n\n");
        md.append("Agent off, per-field body (`include ** bulk=off`) and bulk body (default), same run. Each ratio is "
                + "a speed-up: the first time divided by the second.\n\n");
        md.append("| pattern | op | no agent | per-field | bulk | per-field vs no agent | bulk vs no agent "
                + "| bulk vs per-field |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (Pattern p : Pattern.values()) {
            for (Op op : Op.values()) {
                Score off = r.get(Impl.NO_AGENT, w, p, op);
                Score fields = r.get(Impl.AGENT_FIELDS, w, p, op);
                Score bulk = r.get(Impl.AGENT_BULK, w, p, op);
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
        md.append("Bytes written, measured once per mode by the same benchmark methods (`SelfCheck`). For the "
                + "1,000-object stream: the whole stream, and per object.\n\n");
        md.append("| workload | pattern |");
        Impl[] impls = Impl.values();
        for (Impl i : impls) {
            md.append(' ').append(i.label).append(" |");
        }
        md.append("\n|---|---|").append("---:|".repeat(impls.length)).append('\n');
        for (Workload w : Workload.values()) {
            for (Pattern p : Pattern.values()) {
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
            case NO_AGENT -> "size.off.JdkStreamBenchmark." + method + "." + w + ".SERIALIZABLE";
            case AGENT_FIELDS -> "size.fields.JdkStreamBenchmark." + method + "." + w + ".SERIALIZABLE";
            case AGENT_BULK -> "size.bulk.JdkStreamBenchmark." + method + "." + w + ".SERIALIZABLE";
            case HANDWRITTEN -> "size.off.JdkStreamBenchmark." + method + "." + w + ".HANDWRITTEN";
            case KRYO -> "size.off.KryoBenchmark." + method + "." + w;
            case FORY -> "size.off.ForyBenchmark." + method + "." + w;
        };
    }

    private static String bytes(final long n, final Pattern p) {
        if (p == Pattern.ONE) {
            return String.format(Locale.ROOT, "%,d", n);
        }
        return String.format(Locale.ROOT, "%,d (%,.0f/obj)", n, n / (double) Workload.BATCH);
    }

    private static void costs(final StringBuilder md, final Properties run) {
        md.append("## What the agent costs\n\n");
        if (run.getProperty("startup.off.median") == null) {
            md.append("Not measured in this run (`--skip-cost`).\n\n");
            return;
        }
        double off = Double.parseDouble(run.getProperty("startup.off.median"));
        double on = Double.parseDouble(run.getProperty("startup.agent.median"));
        md.append("**JVM start-up.** A small application (`StartupApp`: loads the four workload classes, "
                + "round-trips one object of each, exits), started ").append(run.getProperty("startup.runs"))
                .append(" times without and ").append(run.getProperty("startup.runs"))
                .append(" times with `-javaagent:serialboost-agent.jar=convert=all`, alternating, after two unmeasured runs "
                        + "each; wall time of each whole process, from start to exit, timed by the runner.\n\n");
        md.append("| | median | p25 – p75 | min – max |\n|---|---:|---:|---:|\n");
        md.append(statRow("without the agent", run, "startup.off", "ms"));
        md.append(statRow("with the agent", run, "startup.agent", "ms"));
        md.append(String.format(Locale.ROOT, "| **difference** | **%+.0f ms** (%+.0f%%) | | |%n", on - off,
                (on / off - 1) * 100));
        if (run.getProperty("startup.premain.median") != null) {
            md.append(statRow("of which the agent's premain (its start-up line: `active in N ms`)", run,
                    "startup.premain", "ms"));
        }
        md.append('\n');
        md.append("**Transform time per class.** A generated application loads and initializes ")
                .append(run.getProperty("transform.classes")).append(" classes, ")
                .append(run.getProperty("transform.serializable")).append(" of them `Serializable` (7 fields each, "
                        + "every tenth serializable one extending another), ")
                .append(run.getProperty("transform.runs")).append(" runs. The agent's summary line reports the time "
                        + "spent in its transformer (`transform-ms`: every class it looked at, converted or not).\n\n");
        double ms = Double.parseDouble(run.getProperty("transform.ms.median"));
        int classes = Integer.parseInt(run.getProperty("transform.classes"));
        long converted = Long.parseLong(run.getProperty("transform.converted"));
        md.append("| | median |\n|---|---:|\n");
        md.append(String.format(Locale.ROOT, "| transformer time, all %d classes (`transform-ms`) | %.0f ms |%n",
                classes, ms));
        md.append(String.format(Locale.ROOT, "| **per class looked at** | **%.0f µs** |%n", ms * 1000 / classes));
        md.append(String.format(Locale.ROOT, "| per converted class (%d converted; all the time charged to them) "
                + "| %.0f µs |%n", converted, converted == 0 ? 0 : ms * 1000 / converted));
        md.append(String.format(Locale.ROOT, "| loading the %d classes, without / with the agent | %s / %s ms |%n",
                classes, run.getProperty("transform.load.off.median"), run.getProperty("transform.load.agent.median")));
        md.append(String.format(Locale.ROOT, "| whole process, without / with the agent | %s / %s ms |%n%n",
                run.getProperty("transform.wall.off.median"), run.getProperty("transform.wall.agent.median")));
        md.append("The first classes also pay for loading the agent's own code (ASM) and for the JIT not having "
                + "compiled it yet; the per-class figure includes that.\n\n");
    }

    private static String statRow(final String label, final Properties run, final String key, final String unit) {
        return "| " + label + " | " + run.getProperty(key + ".median") + " " + unit + " | "
                + run.getProperty(key + ".p25") + " – " + run.getProperty(key + ".p75") + " " + unit + " | "
                + run.getProperty(key + ".min") + " – " + run.getProperty(key + ".max") + " " + unit + " |\n";
    }

    private static void method(final StringBuilder md, final Results r, final Properties run) {
        md.append("## How it is measured\n\n");
        md.append("- **Same methods, three JVMs.** `JdkStreamBenchmark` runs the plain `Serializable` workload "
                + "classes (`bench/src/main/java/dev/serialboost/bench/model`) through `ObjectOutputStream` / "
                + "`ObjectInputStream`, unchanged, in JMH forks started without the agent, with the agent's "
                + "per-field body (rules file `include ** bulk=off`) and with its bulk body (`convert=all`, which the "
                + "agent JVMs of every mode get). `BenchRunner` starts all of them in one invocation.\n");
        md.append("- **Two patterns.** *One per stream*: a new `ObjectOutputStream` per object, as RMI, caches and "
                + "session stores do: stream header and class descriptors are paid per object. *1,000 per "
                + "stream*: one stream holding 1,000 objects, as a journal: descriptors are written once, "
                + "objects shared between records (Employee supervisors) become back-references.\n");
        md.append("- **Write and read apart.** Writes go into a reused `ByteArrayOutputStream`; reads deserialize "
                + "bytes prepared in the benchmark's set-up.\n");
        md.append("- **Checked, not assumed.** Before timing, every benchmark method runs once per mode and its "
                + "result is compared with the source objects, identity included (`SelfCheck`). Every fork "
                + "checks in its set-up that the workload classes are converted exactly when its mode says so, "
                + "and every agent JVM runs with `summary=true`: the run fails unless each one reports "
                + "`errors=0`.");
        String forks = run.getProperty("agent.bulk.forks.summaries");
        if (forks != null) {
            md.append(" This run: ").append(forks).append(" bulk-mode and ")
                    .append(run.getProperty("agent.fields.forks.summaries", "0"))
                    .append(" per-field-mode forks, all with `errors=0`.");
        }
        md.append('\n');
        md.append("- **JMH's own classes stay plain** in the agent JVMs (`exclude org.openjdk.jmh.**`): JMH sends "
                + "results from each fork to its host JVM, which has no agent, with Java serialization, and a "
                + "converted class is `Externalizable` on the wire ([compatibility](compatibility.md)). That is "
                + "the rule for any pair of JVMs: both ends need the agent, or the class excluded.\n");
        md.append("- **Per-field mode runs MarketData only**: `bulk=off` changes nothing but all-primitive class "
                + "levels, and MarketData is the only all-primitive workload.\n");
        md.append("- **What the agent decided** in the bulk-mode JVMs (its `verbose=true` lines):\n");
        for (Workload w : Workload.values()) {
            String d = run.getProperty("agent.bulk.decision." + w.modelClass().getSimpleName());
            if (d != null) {
                md.append("  - `").append(d).append("`\n");
            }
        }
        md.append("\n### Looking closer at one result\n\n");
        md.append("Run one benchmark in one mode by hand, with a JMH profiler (`gc`: allocation per operation; "
                + "`stack`: hottest stacks; `jfr`: a flight recording per fork). The rules file keeps JMH's own "
                + "classes plain; `bench.sh` leaves one per mode in `bench/target/bench-results/`:\n\n");
        md.append("```\necho 'exclude org.openjdk.jmh.**' > /tmp/jmh.conf\n"
                + "java -jar bench/target/benchmarks.jar 'JdkStreamBenchmark.readOnePerStream' \\\n"
                + "     -p workload=Employee -p form=SERIALIZABLE -f 1 -wi 3 -i 5 \\\n"
                + "     -jvmArgsPrepend \"-javaagent:agent/target/serialboost-agent.jar=config=/tmp/jmh.conf,convert=all\" "
                + "-prof gc\n```\n");
        md.append("\n### Reference rows need source changes\n\n");
        md.append("**Hand-written `Externalizable`, Kryo and Fory are context, not alternatives you get for free.** "
                + "Each needs source changes and a different wire format: the hand-written twins "
                + "(`bench/.../handwritten`) are new classes with `writeExternal`/`readExternal` and public no-arg "
                + "constructors (Order loses its `final` fields), `Externalizable` on the wire like the agent's "
                + "classes; Kryo ")
                .append(run.getProperty("version.kryo", "")).append(" and Fory ")
                .append(run.getProperty("version.fory", ""))
                .append(" replace the stream API at every call site and write their own formats, readable only by "
                        + "themselves. serialboost changes no source and keeps `ObjectOutputStream`. The "
                        + "reference rows run in the JVM without the agent, set up as each library's "
                        + "documentation recommends: registration required, reference tracking only for Employee "
                        + "and Sample, Fory in Java (native) mode; Kryo keeps references across the 1,000 objects of "
                        + "one stream (auto-reset off), Fory writes them as one `Object[]` (it tracks references "
                        + "within one call).\n\n");
    }

    private static void machine(final StringBuilder md, final Results r, final Properties run) {
        md.append("## Machine and software\n\n| | |\n|---|---|\n");
        row(md, "CPU", run.getProperty("machine.cpu"));
        row(md, "cores (nproc)", run.getProperty("machine.cores"));
        row(md, "memory", run.getProperty("machine.memory"));
        row(md, "OS", run.getProperty("machine.os"));
        row(md, "JDK", run.getProperty("jdk"));
        row(md, "benchmark JVM options", "`" + run.getProperty("fork.options", "") + "`");
        row(md, "load average at start / end", run.getProperty("machine.loadavg.start") + " / "
                + run.getProperty("machine.loadavg.end"));
        row(md, "JMH", r.jmh.getOrDefault("version", run.getProperty("version.jmh")) + ", profile `"
                + run.getProperty("run.profile") + "`: " + run.getProperty("run.profile.description"));
        row(md, "serialboost agent", run.getProperty("version.agent") + " (source revision "
                + run.getProperty("run.revision") + ")");
        row(md, "Kryo / Fory", run.getProperty("version.kryo") + " / " + run.getProperty("version.fory"));
        md.append("\nReproduce: `").append(run.getProperty("run.command"))
                .append("` (builds the agent and `bench/target/benchmarks.jar`, runs everything, rewrites this page "
                        + "and its chart). Raw results: `bench/target/bench-results/` (`jmh.json`, "
                        + "`run.properties`, one JMH log per mode).\n");
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
     * Grouped bars: round-trip speed-up of each column over plain JDK, per workload and pattern, on a log scale
     * (XChart draws bars on a log axis only with an explicit minimum). The per-field bars exist for MarketData only.
     */
    static void chart(final Results r, final Path png) throws IOException {
        List<String> categories = new ArrayList<>();
        List<Workload> ws = new ArrayList<>();
        List<Pattern> ps = new ArrayList<>();
        for (Workload w : Workload.values()) {
            for (Pattern p : Pattern.values()) {
                if (r.get(Impl.NO_AGENT, w, p, Op.ROUND_TRIP) != null) {
                    categories.add(w + ", " + (p == Pattern.ONE ? "1/stream" : "1,000/stream"));
                    ws.add(w);
                    ps.add(p);
                }
            }
        }
        Map<Impl, List<Double>> series = new LinkedHashMap<>();
        double min = 1;
        for (Impl i : List.of(Impl.AGENT_BULK, Impl.AGENT_FIELDS, Impl.HANDWRITTEN, Impl.KRYO, Impl.FORY)) {
            List<Double> values = new ArrayList<>();
            boolean any = false;
            for (int c = 0; c < categories.size(); c++) {
                Score off = r.get(Impl.NO_AGENT, ws.get(c), ps.get(c), Op.ROUND_TRIP);
                Score s = r.get(i, ws.get(c), ps.get(c), Op.ROUND_TRIP);
                values.add(s == null ? null : off.speedupOf(s).value);
                any |= s != null;
                min = s == null ? min : Math.min(min, off.speedupOf(s).value);
            }
            if (any) {
                series.put(i, values);
            }
        }
        CategoryChart chart = new CategoryChartBuilder().width(1300).height(700)
                .title("Round trip (write + read): speed-up over plain JDK serialization, same run")
                .xAxisTitle("workload, pattern")
                .yAxisTitle("times faster than JDK without agent (log scale)").build();
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
        styler.setDecimalPattern("0.0");
        styler.setSeriesColors(new Color[] {new Color(0x1f77b4), new Color(0x9ecae1), new Color(0x7f7f7f),
            new Color(0xff7f0e), new Color(0x2ca02c)});
        for (Map.Entry<Impl, List<Double>> e : series.entrySet()) {
            chart.addSeries(e.getKey().label, categories, e.getValue());
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
