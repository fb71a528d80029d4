package dev.serialboost.bench;

import org.openjdk.jmh.annotations.Param;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What runs in the JVMs of one {@link AgentMode}: the plain-Serializable benchmarks ({@link JdkStreamBenchmark} with
 * {@code form=SERIALIZABLE}, and the real client {@link RmiBenchmark}) in every mode; the streams frameworks use and
 * the other real clients ({@link #CLIENTS}, over the business graph) in every mode; the reference rows (hand-written
 * {@code Externalizable}, Kryo, Fory) only without the agent and only when asked for. Each {@link Run} is one JMH
 * invocation, as JMH applies a parameter's values to every benchmark of an invocation. {@link BenchRunner} turns runs
 * into JMH includes and parameters ({@code run.JmhRuns}), {@link SelfCheck} into one call of every method.
 *
 * <p>The per-field mode runs MarketData only: {@code bulk=off} changes nothing but all-primitive class levels, and
 * MarketData is the only all-primitive workload (the others would run byte-identical code). The modes outside {@link
 * #WHOLE} run neither RMI nor the clients.
 */
public record Plan(AgentMode mode, List<Run> runs) {

    /** Benchmark classes of the bench, in report order. */
    public static final List<Class<?>> ALL = List.of(JdkStreamBenchmark.class, RmiBenchmark.class,
            FrameworkStreamBenchmark.class, CloneBenchmark.class, JournalBenchmark.class, CacheBenchmark.class,
            JdbcBenchmark.class, KryoBenchmark.class, ForyBenchmark.class);
    /**
     * The benchmarks of the run {@code clients}: the streams frameworks use and the real clients other than RMI, each
     * over the workloads of {@link #CLIENT_WORKLOADS} only (their {@code workload} parameter).
     */
    public static final List<Class<?>> CLIENTS = List.of(FrameworkStreamBenchmark.class, CloneBenchmark.class,
            JournalBenchmark.class, CacheBenchmark.class, JdbcBenchmark.class);
    /** The workloads of {@link #CLIENTS}: the business graph. */
    static final List<Workload> CLIENT_WORKLOADS = List.of(Workload.CustomerOrder);
    /** The runs of the reference rows (no agent, the first JDK). */
    private static final List<String> REFERENCE_RUNS = List.of("handwritten", "libraries");
    /** Workloads whose class levels are all-primitive: the only ones the per-field mode changes. */
    public static final List<Workload> ALL_PRIMITIVE = List.of(Workload.MarketData);
    /**
     * The modes that run every benchmark: without the agent, its default and its converted format. The others tell
     * a cost or a layer apart (recording, statistics, the converted format without the engine) and run {@link
     * JdkStreamBenchmark}'s workloads only, which says it for every workload in a fraction of the time.
     */
    public static final List<AgentMode> WHOLE = List.of(AgentMode.OFF, AgentMode.DEFAULT, AgentMode.CONVERTED);
    /** The workloads {@link RmiBenchmark} passes as its argument: a record and a business graph. */
    static final List<Workload> RMI_ARGUMENTS = List.of(Workload.Employee, Workload.CustomerOrder);

    /** One JMH invocation: benchmark classes and the parameter values they run with. */
    public record Run(String name, List<Class<?>> benchmarks, Map<String, List<String>> params) {
        public Run {
            benchmarks = List.copyOf(benchmarks);
            params = Map.copyOf(params);
        }

        /**
         * Every parameter combination of {@code benchmark} in this run, as field name to value, in declaration
         * order of the {@code @Param} fields.
         */
        public List<Map<String, String>> combinations(final Class<?> benchmark) {
            List<Map<String, String>> out = new ArrayList<>();
            out.add(new LinkedHashMap<>());
            for (Field f : benchmark.getFields()) {
                Param p = f.getAnnotation(Param.class);
                if (p == null) {
                    continue;
                }
                List<String> values = params.getOrDefault(f.getName(), Arrays.asList(p.value()));
                List<Map<String, String>> next = new ArrayList<>();
                for (Map<String, String> partial : out) {
                    for (String v : values) {
                        Map<String, String> m = new LinkedHashMap<>(partial);
                        m.put(f.getName(), v);
                        next.add(m);
                    }
                }
                out = next;
            }
            return out;
        }
    }

    public Plan {
        runs = List.copyOf(runs);
    }

    /**
     * The plan of {@code mode} over {@code workloads}, with the reference rows when {@code referenceRows} and the
     * mode is {@link AgentMode#OFF}; empty ({@link #isEmpty()}) when nothing applies.
     */
    public static Plan of(final AgentMode mode, final List<Workload> workloads, final boolean referenceRows) {
        List<Workload> selected = new ArrayList<>(workloads);
        if (mode == AgentMode.CONVERTED_FIELDS) {
            selected.retainAll(ALL_PRIMITIVE);
        }
        List<Run> runs = new ArrayList<>();
        List<Class<?>> plain = new ArrayList<>();
        Map<String, List<String>> params = new LinkedHashMap<>();
        if (!selected.isEmpty()) {
            plain.add(JdkStreamBenchmark.class);
            params.put("workload", names(selected));
            params.put("form", List.of(Form.SERIALIZABLE.name()));
        }
        List<Workload> arguments = new ArrayList<>(RMI_ARGUMENTS);
        arguments.retainAll(selected);
        if (!WHOLE.contains(mode)) {
            arguments.clear();
        }
        if (!arguments.isEmpty()) {
            plain.add(RmiBenchmark.class);
            params.put("argument", names(arguments));
        }
        if (!plain.isEmpty()) {
            runs.add(new Run("plain", plain, params));
        }
        List<Workload> graphs = new ArrayList<>(CLIENT_WORKLOADS);
        graphs.retainAll(selected);
        if (!WHOLE.contains(mode)) {
            graphs.clear();
        }
        if (!graphs.isEmpty()) {
            runs.add(new Run("clients", CLIENTS, Map.of("workload", names(graphs))));
        }
        if (mode == AgentMode.OFF && referenceRows && !selected.isEmpty()) {
            List<Workload> twins = selected.stream().filter(Workload::handWritten).toList();
            if (!twins.isEmpty()) {
                runs.add(new Run("handwritten", List.of(JdkStreamBenchmark.class),
                        Map.of("workload", names(twins), "form", List.of(Form.HANDWRITTEN.name()))));
            }
            runs.add(new Run("libraries", List.of(KryoBenchmark.class, ForyBenchmark.class),
                    Map.of("workload", names(selected))));
        }
        return new Plan(mode, runs);
    }

    private static List<String> names(final List<Workload> workloads) {
        return workloads.stream().map(Workload::name).toList();
    }

    public boolean isEmpty() {
        return runs.isEmpty();
    }

    /** Whether the plan has the reference rows. */
    public boolean referenceRows() {
        return runs.stream().anyMatch(r -> REFERENCE_RUNS.contains(r.name()));
    }

    /** The workload classes this plan's JVM must find converted (converting modes) or plain (the others). */
    public List<Class<?>> modelClasses() {
        List<Class<?>> out = new ArrayList<>();
        for (Run run : runs) {
            if (REFERENCE_RUNS.contains(run.name())) {
                continue;
            }
            for (String key : List.of("workload", "argument")) {
                for (String w : run.params().getOrDefault(key, List.of())) {
                    Class<?> c = Workload.valueOf(w).modelClass();
                    if (!out.contains(c)) {
                        out.add(c);
                    }
                }
            }
        }
        return out;
    }
}
