package dev.serialboost.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.bench.model.ChainNode;
import dev.serialboost.bench.model.Customer;
import dev.serialboost.bench.model.CustomerOrder;
import dev.serialboost.bench.model.Position;
import dev.serialboost.bench.model.Employee;
import dev.serialboost.bench.model.MarketData;
import dev.serialboost.bench.model.Sample;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.openjdk.jmh.annotations.Benchmark;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every benchmark method runs once, in this JVM and without the agent, and must round-trip its graph, the RMI client
 * included (a registry and a service on loopback, unexported again): the suite cannot rot. No timing is asserted
 * here or anywhere in the tests (speed is the bench's job, not a test's).
 */
class BenchmarksTest {

    /** Every benchmark method once, with the reference rows and the RMI client: the whole plan without the agent. */
    private static List<String> everything;

    private static synchronized List<String> everything() throws Exception {
        if (everything == null) {
            everything = SelfCheck.run(Plan.of(AgentMode.OFF, List.of(Workload.values()), true));
        }
        return everything;
    }

    @Test
    void everyBenchmarkMethodRunsOnceAndReadsBackWhatWasWritten() throws Exception {
        Plan plan = Plan.of(AgentMode.OFF, List.of(Workload.values()), true);
        List<String> lines = everything();

        Set<String> expected = new TreeSet<>();
        int calls = 0;
        for (Plan.Run run : plan.runs()) {
            for (Class<?> benchmark : run.benchmarks()) {
                for (Method m : benchmark.getMethods()) {
                    if (m.isAnnotationPresent(Benchmark.class)) {
                        expected.add(benchmark.getSimpleName() + "." + m.getName());
                        calls += run.combinations(benchmark).size();
                    }
                }
            }
        }
        assertEquals(calls, lines.size(), String.join("\n", lines));
        Set<String> seen = new TreeSet<>();
        for (String line : lines) {
            seen.add(line.split(" ")[1]);
        }
        assertEquals(expected, seen);
        assertEquals(22, expected.size(), "4 methods in each stream benchmark class (JDK, framework streams, Kryo,"
                + " Fory), 1 RMI call, 2 clones, 1 journal, cache and JDBC round trip each: " + expected);
        for (String client : List.of("CloneBenchmark.cloneOne", "CloneBenchmark.cloneHundred",
                "JournalBenchmark.roundTripThousand", "CacheBenchmark.roundTrip", "JdbcBenchmark.roundTrip")) {
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("digest " + client + " workload=CustomerOrder ")),
                    client + ":\n" + String.join("\n", lines));
        }
        assertTrue(lines.contains("digest CacheBenchmark.roundTrip workload=CustomerOrder "
                + GraphDigest.hash(Workload.CustomerOrder.one(Form.SERIALIZABLE))), String.join("\n", lines));
        assertTrue(lines.contains("digest RmiBenchmark.remoteCall argument=Employee "
                + GraphDigest.hash(Workload.Employee.one(Form.SERIALIZABLE))), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("size JdkStreamBenchmark.writeOnePerStream"
                + " workload=CustomerOrder form=SERIALIZABLE ") && l.contains(" bytes=")), String.join("\n", lines));
    }

    @Test
    void everyFormAndCodecReadsTheSameGraph() throws Exception {
        // SelfCheck compares each read with its own source; the digests show all codecs agree with each other too
        List<String> lines = everything();
        for (Workload w : Workload.values()) {
            for (String method : List.of("readOnePerStream", "readThousandPerStream")) {
                Set<String> digests = new TreeSet<>();
                int reads = 0;
                for (String line : lines) {
                    if (line.startsWith("digest ") && line.contains("." + method + " ")
                            && line.contains(" workload=" + w + " ")) {
                        digests.add(line.substring(line.lastIndexOf(' ') + 1));
                        reads++;
                    }
                }
                int frameworkStreams = Plan.CLIENT_WORKLOADS.contains(w) ? 3 : 0;
                assertEquals((w.handWritten() ? 4 : 3) + frameworkStreams, reads,
                        w + " " + method + ": JDK, (hand-written,) Kryo, Fory(, the three framework streams)");
                assertEquals(1, digests.size(), w + " " + method + ": " + digests);
            }
        }
    }

    @Test
    void theRmiBenchmarkCleansUpAfterItself() throws Exception {
        RmiBenchmark rmi = new RmiBenchmark();
        rmi.argument = Workload.CustomerOrder;
        rmi.setUp();
        Object first;
        try {
            first = rmi.remoteCall();
            assertEquals(GraphDigest.of(rmi.expected()[0]), GraphDigest.of(first));
            assertTrue(first != rmi.expected()[0], "a copy, through serialization, not the object itself");
        } finally {
            rmi.tearDown();
        }
        rmi.tearDown(); // twice is harmless
        // the service and the registry are unexported: no thread keeps the JVM alive (RMI's reaper ends with them)
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        List<String> left = rmiThreads();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            left = rmiThreads();
        }
        assertEquals(List.of(), left, "non-daemon RMI threads still running after tearDown");
        // and a new set-up gets a fresh registry on another ephemeral port
        rmi.setUp();
        try {
            assertEquals(GraphDigest.of(rmi.expected()[0]), GraphDigest.of(rmi.remoteCall()));
        } finally {
            rmi.tearDown();
        }
    }

    private static List<String> rmiThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && !t.isDaemon() && t.getName().startsWith("RMI"))
                .map(Thread::getName).sorted().toList();
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
        List<Workload> all = List.of(Workload.values());
        Plan off = Plan.of(AgentMode.OFF, all, true);
        assertEquals(List.of("plain", "clients", "handwritten", "libraries"),
                off.runs().stream().map(Plan.Run::name).toList());
        assertEquals(Plan.CLIENTS, off.runs().get(1).benchmarks());
        assertEquals(List.of(Map.of("stream", "RESOLVE_CLASS", "workload", "CustomerOrder"),
                Map.of("stream", "COMPACT_DESCRIPTORS", "workload", "CustomerOrder"),
                Map.of("stream", "ANNOTATE_CLASS", "workload", "CustomerOrder")),
                off.runs().get(1).combinations(FrameworkStreamBenchmark.class));
        assertEquals(List.of(Map.of("workload", "CustomerOrder")),
                off.runs().get(1).combinations(CloneBenchmark.class), "the real clients: the business graph only");
        Plan.Run plain = off.runs().get(0);
        assertEquals(List.of(JdkStreamBenchmark.class, RmiBenchmark.class), plain.benchmarks());
        assertEquals(7, plain.combinations(JdkStreamBenchmark.class).size());
        assertEquals(List.of(Map.of("argument", "Employee"), Map.of("argument", "CustomerOrder")),
                plain.combinations(RmiBenchmark.class));
        Plan.Run hand = off.runs().get(2);
        assertEquals(4, hand.combinations(JdkStreamBenchmark.class).size(),
                "CustomerOrder, Position and Chain have no twin");
        assertTrue(hand.combinations(JdkStreamBenchmark.class).stream().allMatch(c -> c.get("form").equals("HANDWRITTEN")));
        assertEquals(7, off.runs().get(3).combinations(KryoBenchmark.class).size());
        assertEquals(Plan.ALL, off.runs().stream().flatMap(r -> r.benchmarks().stream()).distinct().toList());
        assertEquals(List.of("plain", "clients"), Plan.of(AgentMode.OFF, all, false).runs().stream()
                .map(Plan.Run::name).toList(), "the reference rows only when asked for (the first JDK)");
        assertTrue(off.referenceRows() && !Plan.of(AgentMode.OFF, all, false).referenceRows());

        for (AgentMode mode : List.of(AgentMode.DEFAULT, AgentMode.CONVERTED, AgentMode.CONVERTED_NO_ENGINE,
                AgentMode.STATS, AgentMode.RECORD)) {
            Plan p = Plan.of(mode, all, true);
            boolean whole = Plan.WHOLE.contains(mode);
            assertEquals(whole ? List.of("plain", "clients") : List.of("plain"),
                    p.runs().stream().map(Plan.Run::name).toList(),
                    mode + ": no reference rows with the agent, the clients in the modes that run everything only");
            assertEquals(whole ? List.of(JdkStreamBenchmark.class, RmiBenchmark.class)
                    : List.of(JdkStreamBenchmark.class), p.runs().get(0).benchmarks());
            assertTrue(p.runs().get(0).combinations(JdkStreamBenchmark.class).stream()
                    .allMatch(c -> c.get("form").equals("SERIALIZABLE")));
            assertEquals(List.of(Workload.MarketData.modelClass(), Workload.Employee.modelClass(),
                    Workload.Order.modelClass(), Workload.Sample.modelClass(), Workload.CustomerOrder.modelClass(),
                    Workload.Position.modelClass(), Workload.Chain.modelClass()), p.modelClasses());
        }

        Plan fields = Plan.of(AgentMode.CONVERTED_FIELDS, all, true);
        assertEquals(List.of(JdkStreamBenchmark.class), fields.runs().get(0).benchmarks(), "no RMI: no primitive arg");
        assertEquals(List.of(Map.of("workload", "MarketData", "form", "SERIALIZABLE")),
                fields.runs().get(0).combinations(JdkStreamBenchmark.class));
        assertTrue(Plan.of(AgentMode.CONVERTED_FIELDS, List.of(Workload.Employee), true).isEmpty());
        assertEquals(List.of(RmiBenchmark.class), Plan.of(AgentMode.DEFAULT, List.of(Workload.Employee), true).runs()
                .get(0).benchmarks().subList(1, 2));
    }

    @Test
    void modesSayWhatTheAgentDoes() {
        assertEquals(List.of("off", "default", "record", "stats", "converted", "converted-fields", "converted-no-engine"),
                Arrays.stream(AgentMode.values()).map(AgentMode::id).toList());
        assertTrue(AgentMode.RECORD.engine() && !AgentMode.RECORD.converts()
                && AgentMode.RECORD.settings().startsWith("record-classes="), "the default, recording");
        assertTrue(!AgentMode.OFF.agent() && AgentMode.OFF.settings() == null);
        assertEquals("", AgentMode.DEFAULT.settings(), "the default is the agent with no settings at all");
        assertTrue(AgentMode.DEFAULT.engine() && !AgentMode.DEFAULT.converts());
        assertTrue(AgentMode.CONVERTED.engine() && AgentMode.CONVERTED.converts());
        assertTrue(!AgentMode.CONVERTED_NO_ENGINE.engine() && AgentMode.CONVERTED_NO_ENGINE.converts());
        assertEquals("convert=all,engine=false", AgentMode.CONVERTED_NO_ENGINE.settings());
    }

    @Test
    void theBusinessGraphHasItsSharedObjectsCyclesAndJdkTypes() {
        Object[] orders = Workload.CustomerOrder.batch(Form.SERIALIZABLE);
        assertEquals(GraphDigest.of(orders), GraphDigest.of(Workload.CustomerOrder.batch(Form.SERIALIZABLE)));
        CustomerOrder first = (CustomerOrder) orders[0];
        assertTrue(first.customer() == ((CustomerOrder) orders[Workload.CUSTOMERS]).customer(), "customers shared");
        assertTrue(first.customer().billingAddress() != first.customer().shippingAddress(), "customer 0 ships apart");
        Customer second = ((CustomerOrder) orders[1]).customer();
        assertTrue(second.billingAddress() == second.shippingAddress(), "most ship to their billing address");
        assertTrue(first.lines().size() >= 3 && first.lines().stream().allMatch(l -> l.order() == first));
        assertEquals(2, first.lines().get(0).unitPrice().scale());
        assertEquals(4, first.attributes().size());
        assertTrue(first.attributes() instanceof java.util.HashMap);
        String digest = GraphDigest.of(first);
        assertTrue(digest.contains("orderDate=LocalDate(2026-"), digest);
        assertTrue(digest.contains("status=OrderStatus."), digest);
        assertTrue(digest.contains("order=#1;"), "the lines point back at the order: " + digest);
        assertTrue(digest.contains("unitPrice=BigDecimal("), digest);
        assertThrows(IllegalArgumentException.class, () -> Workload.CustomerOrder.one(Form.HANDWRITTEN));
    }

    @Test
    void digestSeesMapContentsNotTheirOrderAndBigDecimalScales() {
        Map<String, Object> a = new java.util.LinkedHashMap<>();
        a.put("x", 1);
        a.put("y", new BigDecimal("1.50"));
        Map<String, Object> b = new java.util.LinkedHashMap<>();
        b.put("y", new BigDecimal("1.50"));
        b.put("x", 1);
        assertEquals(GraphDigest.of(a), GraphDigest.of(b));
        b.put("y", new BigDecimal("1.5"));
        assertNotEquals(GraphDigest.of(a), GraphDigest.of(b), "a lost scale shows");
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
        assertEquals(List.of(Workload.CustomerOrder, Workload.Position, Workload.Chain), Arrays.stream(Workload.values())
                .filter(w -> !w.handWritten()).toList());
        Position position = (Position) Workload.Position.one(Form.SERIALIZABLE);
        assertTrue(position.marketValue() > 0, "the derived value is set");
        assertTrue(Arrays.stream(Position.class.getDeclaredMethods()).anyMatch(m -> m.getName().equals("writeObject")),
                "Position has its own writeObject");
        ChainNode chain = (ChainNode) Workload.Chain.one(Form.SERIALIZABLE);
        int nodes = 0;
        for (ChainNode n = chain; n != null; n = n.next()) {
            assertEquals(nodes++, n.position());
        }
        assertEquals(Workload.CHAIN_LENGTH, nodes);
        assertEquals(200, nodes, "the deep graph of issue 36: 200 nodes");
    }

    @Test
    void aForkWhoseClassesAreNotConvertedAsItsModeSaysFails() throws IllegalAccessException {
        Class<?> looksConverted = withGeneratedBody();
        assertTrue(AgentMode.converted(looksConverted), "test bug: the class should look converted");
        String before = System.getProperty(AgentMode.PROPERTY);
        try {
            for (String converting : List.of("converted", "converted-fields", "converted-no-engine")) {
                System.setProperty(AgentMode.PROPERTY, converting);
                IllegalStateException e = assertThrows(IllegalStateException.class,
                        () -> AgentMode.verify(List.of(MarketData.class)));
                assertTrue(e.getMessage().contains("was not converted"), e.getMessage());
            }
            for (String plain : List.of("off", "default")) {
                System.setProperty(AgentMode.PROPERTY, plain);
                AgentMode.verify(List.of(MarketData.class));
                // hand-written Externalizable is not converted; a class with the agent's generated body is
                AgentMode.verify(List.of(dev.serialboost.bench.handwritten.HandMarketData.class));
                IllegalStateException e = assertThrows(IllegalStateException.class,
                        () -> AgentMode.verify(List.of(looksConverted)));
                assertTrue(e.getMessage().contains("converts nothing"), e.getMessage());
            }
        } finally {
            if (before == null) {
                System.clearProperty(AgentMode.PROPERTY);
            } else {
                System.setProperty(AgentMode.PROPERTY, before);
            }
        }
    }

    /** A Serializable class with a synthetic {@code $sb$write}, as the agent gives a converted class; no agent here. */
    private static Class<?> withGeneratedBody() throws IllegalAccessException {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "dev/serialboost/bench/LooksConverted", null,
                "java/lang/Object", new String[] {"java/io/Serializable"});
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, "$sb$write",
                "(Ljava/io/ObjectOutput;)V", null, null);
        mv.visitCode();
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return MethodHandles.lookup().defineClass(cw.toByteArray());
    }
}
