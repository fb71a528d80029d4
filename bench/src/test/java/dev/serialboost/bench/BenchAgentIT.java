package dev.serialboost.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;

/**
 * End to end, after {@code package}: the real {@code benchmarks.jar} in separate JVMs with the real shaded agent
 * jar. The benchmark logic must give the same graphs with and without the agent, and the runner's whole
 * pipeline (self-checks, JMH forks with and without the agent, the agent checks, costs, the report) must work
 * on a tiny profile. Timing is never asserted.
 */
class BenchAgentIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    private static Path jar(final String property) {
        String value = System.getProperty(property);
        if (value == null) {
            fail("the system property " + property + " is not set; run the ITs through Maven (failsafe)");
        }
        Path jar = Path.of(value);
        if (!Files.isRegularFile(jar)) {
            fail(jar + " does not exist; run ./mvnw -pl bench -am verify");
        }
        return jar;
    }

    private static Child.Result selfCheck(final AgentMode mode, final String agentArgs) {
        List<String> command = new ArrayList<>(List.of(Child.java()));
        if (agentArgs != null) {
            command.add("-javaagent:" + jar("serialboost.agent.jar") + "=" + agentArgs);
        }
        command.addAll(List.of("-D" + AgentMode.PROPERTY + "=" + mode.id(), "-cp",
                jar("serialboost.benchmarks.jar").toString(), SelfCheck.class.getName(), mode.id()));
        return Child.run(command, TIMEOUT).requireSuccess("SelfCheck " + mode.id());
    }

    private static List<String> digests(final Child.Result r) {
        return r.stdout().lines().filter(l -> l.startsWith("digest JdkStreamBenchmark") && l.contains("SERIALIZABLE"))
                .sorted().toList();
    }

    private static void agentRanCleanly(final Child.Result r) {
        Matcher m = BenchRunner.SUMMARY.matcher(r.stderr());
        assertTrue(m.find(), "no agent summary line:\n" + r.stderr());
        assertEquals("0", m.group(3), m.group());
        assertEquals("4", m.group(1), "the four workload classes converted: " + m.group());
    }

    /** The agent's verbose line for a workload class; fails unless it says converted. */
    private static String decision(final Child.Result r, final String simpleName) {
        String line = r.stderr().lines().filter(l -> l.contains("] dev.serialboost.bench.model." + simpleName + " "))
                .findFirst().orElse("");
        assertTrue(line.contains(" converted ("), "not converted: '" + line + "'\n" + r.stderr());
        return line;
    }

    @Test
    void theBenchmarksReadTheSameGraphsWithAndWithoutTheAgent() throws IOException {
        Child.Result off = selfCheck(AgentMode.OFF, null);
        Child.Result bulk = selfCheck(AgentMode.BULK, "convert=all,summary=true,verbose=true");
        Path rules = Files.createTempFile("bench-fields", ".conf");
        Files.writeString(rules, "include ** bulk=off\n");
        Child.Result fields = selfCheck(AgentMode.FIELDS, "config=" + rules + ",summary=true,verbose=true");

        assertTrue(off.stderr().isEmpty(), off.stderr());
        agentRanCleanly(bulk);
        agentRanCleanly(fields);
        for (Workload w : Workload.values()) {
            decision(bulk, w.name());
            decision(fields, w.name());
        }
        assertTrue(decision(bulk, "MarketData").contains(" record"), "bulk body: " + bulk.stderr());
        assertTrue(!decision(fields, "MarketData").contains(" record"), "per-field body: " + fields.stderr());

        List<String> plain = digests(off);
        assertEquals(8, plain.size(), "2 read methods x 4 workloads:\n" + off.stdout());
        assertEquals(plain, digests(bulk), "agent (bulk) and plain JDK read different graphs");
        List<String> plainMarketData = plain.stream().filter(l -> l.contains("workload=MarketData")).toList();
        assertEquals(plainMarketData, digests(fields), "agent (per-field) and plain JDK read different graphs");
    }

    @Test
    void theRunnerRunsTheWholePipelineOnATinyProfile() throws IOException {
        Path out = Path.of("target", "it-bench").toAbsolutePath();
        Path docs = out.resolve("docs");
        List<String> command = List.of(Child.java(), "-Djava.awt.headless=true", "-cp",
                jar("serialboost.benchmarks.jar").toString(), BenchRunner.class.getName(),
                "--profile", "smoke", "--agent", jar("serialboost.agent.jar").toString(),
                "--workloads", "MarketData", "--methods", ".*OnePerStream",
                "--results", out.resolve("results").toString(), "--docs", docs.toString(), "--command", "BenchAgentIT");
        Child.Result r = Child.run(command, TIMEOUT);
        Files.writeString(out.resolve("runner.log"), r.stdout() + r.stderr(), StandardCharsets.UTF_8);
        r.requireSuccess("BenchRunner --profile smoke");

        assertTrue(r.stdout().contains("agent summaries: 2 of 2 JVMs with errors=0"), r.stdout());
        String md = Files.readString(docs.resolve("benchmarks.md"), StandardCharsets.UTF_8);
        assertTrue(md.contains("| MarketData | one per stream | ≥ 3.00x |"), md);
        assertTrue(md.contains("## Bulk body against per-field body (MarketData)"), md);
        assertTrue(md.contains("**per class looked at**"), md);
        assertTrue(Files.size(docs.resolve("benchmarks.png")) > 10_000);
        String json = Files.readString(out.resolve("results").resolve("jmh.json"), StandardCharsets.UTF_8);
        for (AgentMode mode : AgentMode.values()) {
            assertTrue(json.contains("\"-D" + AgentMode.PROPERTY + "=" + mode.id() + "\""), mode.id());
        }
    }
}
