package dev.serialboost.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.bench.model.Employee;
import dev.serialboost.bench.model.MarketData;
import dev.serialboost.bench.model.Sample;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every benchmark method runs once, in this JVM and without the agent, and must round-trip its graph: the suite
 * cannot rot. No timing is asserted here or anywhere in the tests (speed is the bench's job, not a test's).
 */
class BenchmarksTest {

    @Test
    void everyBenchmarkMethodRunsOnceAndReadsBackWhatWasWritten() throws Exception {
        Plan plan = Plan.of(AgentMode.OFF, List.of(Workload.values()));
        List<String> lines = SelfCheck.run(plan);

        Set<String> expected = new TreeSet<>();
        int calls = 0;
        for (Class<?> benchmark : Plan.ALL) {
            for (Method m : benchmark.getMethods()) {
                if (m.isAnnotationPresent(Benchmark.class)) {
                    expected.add(benchmark.getSimpleName() + "." + m.getName());
                    calls += plan.combinations(benchmark).size();
                }
            }
        }
        assertEquals(calls, lines.size(), String.join("\n", lines));
        Set<String> seen = new TreeSet<>();
        for (String line : lines) {
            seen.add(line.split(" ")[1]);
        }
        assertEquals(expected, seen);
        assertEquals(12, expected.size(), "4 methods in each of the 3 benchmark classes: " + expected);
    }

    @Test
    void everyFormAndCodecReadsTheSameGraph() throws Exception {
        // SelfCheck compares each read with its own source; the digests show all codecs agree with each other too
        List<String> lines = SelfCheck.run(Plan.of(AgentMode.OFF, List.of(Workload.values())));
        for (Workload w : Workload.values()) {
            for (String method : List.of("readOnePerStream", "readThousandPerStream")) {
                Set<String> digests = new TreeSet<>();
                for (String line : lines) {
                    if (line.startsWith("digest ") && line.contains("." + method + " ")
                            && line.contains(" workload=" + w + " ")) {
                        digests.add(line.substring(line.lastIndexOf(' ') + 1));
                    }
                }
                assertEquals(1, digests.size(), w + " " + method + ": " + digests);
                assertEquals(1, digests.size());
            }
        }
    }

    @Test
    void everyBenchmarkClassJmhKnowsIsInThePlan() throws IOException {
        Set<String> listed = new TreeSet<>();
        try (InputStream in = getClass().getResourceAsStream("/META-INF/BenchmarkList")) {
            assertTrue(in != null, "JMH's annotation processor wrote no META-INF/BenchmarkList");
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                for (Class<?> b : Plan.ALL) {
                    if (line.contains(" " + b.getName() + " ")) {
                        listed.add(b.getName());
                    }
                }
                assertTrue(line.isBlank() || Plan.ALL.stream().anyMatch(b -> line.contains(" " + b.getName() + " ")),
                        "a benchmark outside Plan.ALL (BenchRunner would never run it): " + line);
            }
        }
        assertEquals(Plan.ALL.size(), listed.size());
    }

    @Test
    void planRunsReferenceRowsWithoutTheAgentAndPerFieldOnlyWhereItChangesSomething() {
        Plan off = Plan.of(AgentMode.OFF, List.of(Workload.values()));
        assertEquals(Plan.ALL, off.benchmarks());
        assertEquals(8, off.combinations(JdkStreamBenchmark.class).size());
        assertEquals(4, off.combinations(KryoBenchmark.class).size());

        Plan bulk = Plan.of(AgentMode.BULK, List.of(Workload.values()));
        assertEquals(List.of(JdkStreamBenchmark.class), bulk.benchmarks());
        assertEquals(4, bulk.combinations(JdkStreamBenchmark.class).size());
        assertTrue(bulk.combinations(JdkStreamBenchmark.class).stream().allMatch(c -> c.get("form").equals("SERIALIZABLE")));

        Plan fields = Plan.of(AgentMode.FIELDS, List.of(Workload.values()));
        assertEquals(List.of(java.util.Map.of("workload", "MarketData", "form", "SERIALIZABLE")),
                fields.combinations(JdkStreamBenchmark.class));
        assertTrue(Plan.of(AgentMode.FIELDS, List.of(Workload.Employee)).isEmpty());
    }

    @Test
    void digestSeesValuesIdentityAndCycles() {
        Object[] a = Workload.Sample.make(Form.SERIALIZABLE, 2);
        Object[] b = Workload.Sample.make(Form.HANDWRITTEN, 2);
        assertEquals(GraphDigest.of(a[1]), GraphDigest.of(b[1]), "twins with the same values digest alike");
        assertNotEquals(GraphDigest.of(a[0]), GraphDigest.of(a[1]));

        Sample s = (Sample) a[0];
        Sample copy = new Sample(s.intVal(), 0f, null, s.longArr(), null);
        assertTrue(GraphDigest.of(copy).contains("selfRef=#1"));

        Employee boss = new Employee("B", "B", "1", "D", "P", null, 1.0, null, null);
        Employee shared = new Employee("E", "E", "2", "D", "P", null, 1.0, boss, null);
        Employee twoBosses = new Employee("E", "E", "2", "D", "P", null, 1.0,
                new Employee("B", "B", "1", "D", "P", null, 1.0, null, null), null);
        assertEquals(GraphDigest.of(shared), GraphDigest.of(twoBosses), "a tree has no shared node yet");
        assertNotEquals(GraphDigest.of(new Object[] {shared, boss}), GraphDigest.of(new Object[] {twoBosses, boss}),
                "a lost shared reference shows");
    }

    @Test
    void workloadsAreDeterministicAndHaveTheDesignedShapes() {
        assertEquals(GraphDigest.of(Workload.Employee.batch(Form.SERIALIZABLE)),
                GraphDigest.of(Workload.Employee.batch(Form.SERIALIZABLE)));
        Object[] staff = Workload.Employee.batch(Form.SERIALIZABLE);
        assertEquals(Workload.BATCH, staff.length);
        Employee first = (Employee) staff[0];
        assertTrue(first.supervisor() != null && first.supervisor().supervisor() != null
                && first.supervisor().supervisor().supervisor() == null, "staff -> manager -> head");
        assertTrue(first.supervisor() == ((Employee) staff[Workload.MANAGERS]).supervisor(), "managers are shared");
        assertEquals(2, first.phoneNumbers().size());
        Sample s = (Sample) Workload.Sample.one(Form.SERIALIZABLE);
        assertTrue(s.selfRef() == s);
        assertEquals(3000, s.longArr().length);
        assertTrue(Arrays.stream(Workload.values()).allMatch(w -> w.modelClass().getPackageName()
                .equals(MarketData.class.getPackageName())));
    }

    @Test
    void aForkWhoseClassesAreNotConvertedAsItsModeSaysFails() {
        String before = System.getProperty(AgentMode.PROPERTY);
        try {
            System.setProperty(AgentMode.PROPERTY, "bulk");
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> AgentMode.verify(List.of(MarketData.class)));
            assertTrue(e.getMessage().contains("was not converted"), e.getMessage());
            System.setProperty(AgentMode.PROPERTY, "off");
            AgentMode.verify(List.of(MarketData.class));
            assertThrows(IllegalStateException.class, () -> AgentMode.verify(
                    List.of(dev.serialboost.bench.handwritten.HandMarketData.class)));
        } finally {
            if (before == null) {
                System.clearProperty(AgentMode.PROPERTY);
            } else {
                System.setProperty(AgentMode.PROPERTY, before);
            }
        }
    }
}
