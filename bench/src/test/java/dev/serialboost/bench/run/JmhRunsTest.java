package dev.serialboost.bench.run;

import dev.serialboost.bench.AgentMode;
import dev.serialboost.bench.Plan;
import dev.serialboost.bench.Workload;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The order the runner's forks run in: every benchmark method and parameter set in each of its modes, interleaved. */
class JmhRunsTest {

    private static List<JmhRuns.Turn> turns(final Map<AgentMode, Plan> plans, final String... args) {
        RunSettings settings = RunSettings.parse(args);
        return new JmhRuns(settings, new JvmOptions(settings), new AgentOutputCheck(Path.of("unused"),
                new RunRecord())).turns(plans);
    }

    private static Map<AgentMode, Plan> plans(final List<Workload> workloads, final AgentMode... modes) {
        Map<AgentMode, Plan> plans = new EnumMap<>(AgentMode.class);
        for (AgentMode mode : modes) {
            plans.put(mode, Plan.of(mode, workloads, false));
        }
        return plans;
    }

    @Test
    void eachUnitRunsInEveryModeOfItsPlanOneModeRightAfterTheOtherTheOrderRotating() {
        Map<AgentMode, Plan> plans = plans(List.of(Workload.MarketData, Workload.Order), AgentMode.OFF,
                AgentMode.DEFAULT, AgentMode.CONVERTED);
        List<JmhRuns.Turn> turns = turns(plans, "--methods", "(read|write)OnePerStream");

        // JdkStreamBenchmark's two methods, each with two workloads: four units of three modes each
        assertEquals(12, turns.size());
        List<String> order = new ArrayList<>();
        for (JmhRuns.Turn t : turns) {
            order.add(t.unit().method() + " " + t.unit().params().get("workload") + " " + t.mode().id());
        }
        assertEquals(List.of(
                "readOnePerStream MarketData off", "readOnePerStream MarketData default",
                "readOnePerStream MarketData converted",
                "readOnePerStream Order converted", "readOnePerStream Order off", "readOnePerStream Order default",
                "writeOnePerStream MarketData default", "writeOnePerStream MarketData converted",
                "writeOnePerStream MarketData off",
                "writeOnePerStream Order off", "writeOnePerStream Order default", "writeOnePerStream Order converted"),
                order);
        for (JmhRuns.Turn t : turns) {
            assertEquals("SERIALIZABLE", t.unit().params().get("form"));
            assertEquals("plain", t.unit().run());
        }
    }

    @Test
    void everyBenchmarkRunOfEveryModeIsRunOnceAndOnlyOnce() {
        Map<AgentMode, Plan> plans = plans(List.of(Workload.values()), AgentMode.values());
        List<JmhRuns.Turn> turns = turns(plans);

        Set<String> planned = new LinkedHashSet<>();
        int count = 0;
        for (Map.Entry<AgentMode, Plan> e : plans.entrySet()) {
            for (Plan.Run run : e.getValue().runs()) {
                for (Class<?> b : run.benchmarks()) {
                    for (Map<String, String> params : run.combinations(b)) {
                        for (String method : benchmarkMethods(b)) {
                            planned.add(e.getKey().id() + " " + run.name() + " " + b.getSimpleName() + "." + method
                                    + " " + params);
                            count++;
                        }
                    }
                }
            }
        }
        Set<String> ran = new LinkedHashSet<>();
        for (JmhRuns.Turn t : turns) {
            ran.add(t.mode().id() + " " + t.unit().run() + " " + t.unit().benchmark().getSimpleName() + "."
                    + t.unit().method() + " " + t.unit().params());
        }
        assertEquals(count, turns.size());
        assertEquals(planned, ran);
        // a unit's modes come one right after the other
        Set<JmhRuns.Unit> finished = new LinkedHashSet<>();
        for (int i = 1; i < turns.size(); i++) {
            if (!turns.get(i).unit().equals(turns.get(i - 1).unit())) {
                finished.add(turns.get(i - 1).unit());
                assertFalse(finished.contains(turns.get(i).unit()), "unit split: " + turns.get(i).unit());
            }
        }
    }

    private static List<String> benchmarkMethods(final Class<?> benchmark) {
        List<String> out = new ArrayList<>();
        for (Method m : benchmark.getMethods()) {
            if (m.isAnnotationPresent(Benchmark.class)) {
                out.add(m.getName());
            }
        }
        return out;
    }
}
