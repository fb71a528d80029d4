package dev.serialboost.bench;

import org.openjdk.jmh.annotations.Param;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What runs in which JVM of a run: the same plain-Serializable benchmark in all three {@link AgentMode}s, the
 * reference rows (hand-written Externalizable, Kryo, Fory) only without the agent. {@link BenchRunner} turns
 * it into JMH includes and parameters, {@link SelfCheck} into one call of every method.
 *
 * <p>The per-field mode runs MarketData only: {@code bulk=off} changes nothing but all-primitive class
 * levels, and MarketData is the only all-primitive workload (the others would run byte-identical code).
 */
public record Plan(AgentMode mode, List<Class<?>> benchmarks, Map<String, List<String>> params) {

    /** Benchmark classes of the bench, in report order. */
    public static final List<Class<?>> ALL = List.of(JdkStreamBenchmark.class, KryoBenchmark.class,
            ForyBenchmark.class);
    /** Workloads whose class levels are all-primitive: the only ones the per-field mode changes. */
    static final List<Workload> ALL_PRIMITIVE = List.of(Workload.MarketData);

    public Plan {
        benchmarks = List.copyOf(benchmarks);
        params = Map.copyOf(params);
    }

    /** The plan of {@code mode} over {@code workloads}; empty ({@link #isEmpty()}) when nothing applies. */
    public static Plan of(final AgentMode mode, final List<Workload> workloads) {
        List<Workload> selected = new ArrayList<>(workloads);
        if (mode == AgentMode.FIELDS) {
            selected.retainAll(ALL_PRIMITIVE);
        }
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("workload", selected.stream().map(Workload::name).toList());
        if (mode == AgentMode.OFF) {
            return new Plan(mode, selected.isEmpty() ? List.of() : ALL, params);
        }
        params.put("form", List.of(Form.SERIALIZABLE.name()));
        return new Plan(mode, selected.isEmpty() ? List.of() : List.of(JdkStreamBenchmark.class), params);
    }

    public boolean isEmpty() {
        return benchmarks.isEmpty();
    }

    /** The workload classes this plan's JVM must find converted (agent modes) or plain (no agent). */
    public List<Class<?>> modelClasses() {
        List<Class<?>> out = new ArrayList<>();
        for (String w : params.get("workload")) {
            out.add(Workload.valueOf(w).modelClass());
        }
        return out;
    }

    /**
     * Every parameter combination of {@code benchmark} under this plan, as field name to value, in
     * declaration order of the {@code @Param} fields.
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
