package dev.serialboost.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.serialboost.bench.run.AgentOutputCheck;
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
 * jar. The benchmark logic must give the same graphs in every agent mode, the agent's default the same bytes as no
 * agent, and the runner's whole pipeline (self-checks, JMH forks of every mode, on this JDK and on Temurin 25 where
 * installed, the agent checks, costs, the report) must work on a tiny profile. Timing is never asserted.
 */
class BenchAgentIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(15);

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
            command.add("-javaagent:" + jar("serialboost.agent.jar") + (agentArgs.isEmpty() ? "" : "=" + agentArgs));
        }
        command.addAll(List.of("-D" + AgentMode.PROPERTY + "=" + mode.id(), "-cp",
                jar("serialboost.benchmarks.jar").toString(), SelfCheck.class.getName(), mode.id()));
        return Child.run(command, TIMEOUT).requireSuccess("SelfCheck " + mode.id());
    }

    private static List<String> lines(final Child.Result r, final String prefix) {
        return r.stdout().lines().filter(l -> l.startsWith(prefix)).sorted().toList();
    }

    private static List<String> digests(final Child.Result r) {
        return r.stdout().lines().filter(l -> l.startsWith("digest ") && !l.contains("HANDWRITTEN")
                && !l.contains("KryoBenchmark") && !l.contains("ForyBenchmark")).sorted().toList();
    }

    private static void agentRanCleanly(final Child.Result r, final boolean engine, final int minConverted) {
        Matcher start = AgentOutputCheck.STARTUP_LINE.matcher(r.stderr());
        assertTrue(start.find(), "no agent start-up line:\n" + r.stderr());
        assertEquals(engine ? "on" : "off", start.group(2), start.group());
        Matcher m = AgentOutputCheck.SUMMARY.matcher(r.stderr());
        assertTrue(m.find(), "no agent summary line:\n" + r.stderr());
        assertEquals("0", m.group(3), m.group());
        assertTrue(Integer.parseInt(m.group(1)) >= minConverted, "at least " + minConverted + " classes converted: "
                + m.group());
    }

    /** The agent's verbose line for a workload class; fails unless it says converted. */
    private static String decision(final Child.Result r, final String simpleName) {
        String line = r.stderr().lines().filter(l -> l.contains("] dev.serialboost.bench.model." + simpleName + " "))
                .findFirst().orElse("");
        assertTrue(line.contains(" converted ("), "not converted: '" + line + "'\n" + r.stderr());
        return line;
    }

    @Test
    void theBenchmarksReadTheSameGraphsInEveryModeAndTheDefaultWritesTheSameBytes() throws IOException {
        Child.Result off = selfCheck(AgentMode.OFF, null);
        Child.Result engine = selfCheck(AgentMode.DEFAULT, "");
        Child.Result converted = selfCheck(AgentMode.CONVERTED, "convert=all,summary=true,verbose=true");
        Path rules = Files.createTempFile("bench-fields", ".conf");
        Files.writeString(rules, "include ** bulk=off\n");
        Child.Result fields = selfCheck(AgentMode.CONVERTED_FIELDS,
                "config=" + rules + ",convert=all,summary=true,verbose=true");
        Child.Result alone = selfCheck(AgentMode.CONVERTED_NO_ENGINE,
                "convert=all,engine=false,summary=true,verbose=true");

        assertTrue(off.stderr().isEmpty(), off.stderr());
        Matcher start = AgentOutputCheck.STARTUP_LINE.matcher(engine.stderr());
        assertTrue(start.find(), engine.stderr());
        assertEquals("on", start.group(2));
        assertEquals("none", start.group(4));
        assertEquals(1, engine.stderr().lines().count(), "the default prints its start-up line only:\n"
                + engine.stderr());
        // the seven workload classes and the business graph's Customer, Address and OrderLine
        agentRanCleanly(converted, true, 10);
        agentRanCleanly(fields, true, 1);
        agentRanCleanly(alone, false, 10);
        for (Workload w : Workload.values()) {
            decision(converted, w.modelClass().getSimpleName());
            decision(alone, w.modelClass().getSimpleName());
        }
        decision(fields, "MarketData");
        assertTrue(decision(converted, "MarketData").contains(" record"), "bulk body: " + converted.stderr());
        assertTrue(!decision(fields, "MarketData").contains(" record"), "per-field body: " + fields.stderr());

        List<String> plain = digests(off);
        assertEquals(27, plain.size(), "2 read methods x 7 workloads, 2 RMI calls, 2 x 3 framework streams, 2 clones,"
                + " a journal, a cache, a JDBC column:\n" + off.stdout());
        assertEquals(plain, digests(engine), "the agent's default and plain JDK read different graphs");
        assertEquals(plain, digests(converted), "convert=all and plain JDK read different graphs");
        // the converted format alone runs JdkStreamBenchmark only (Plan.WHOLE)
        assertEquals(plain.stream().filter(l -> l.startsWith("digest JdkStreamBenchmark.")).toList(), digests(alone),
                "convert=all,engine=false and plain JDK read different graphs");
        List<String> plainMarketData = plain.stream().filter(l -> l.contains("workload=MarketData")).toList();
        assertEquals(plainMarketData, digests(fields), "per-field body and plain JDK read different graphs");

        List<String> bytesOff = lines(off, "size JdkStreamBenchmark").stream().filter(l -> l.contains("SERIALIZABLE"))
                .toList();
        assertEquals(14, bytesOff.size(), off.stdout());
        assertTrue(bytesOff.stream().allMatch(l -> l.contains(" bytes=")), off.stdout());
        assertEquals(bytesOff, lines(engine, "size JdkStreamBenchmark"), "the default changed bytes on the wire");
        List<String> frameworkOff = lines(off, "size FrameworkStreamBenchmark");
        assertEquals(6, frameworkOff.size(), off.stdout());
        assertEquals(frameworkOff, lines(engine, "size FrameworkStreamBenchmark"),
                "the default changed the bytes of a framework's stream");
        assertNotEquals(bytesOff, lines(converted, "size JdkStreamBenchmark"), "the converted format is another");
    }

    @Test
    void theRunnerRunsTheWholePipelineOnATinyProfile() throws IOException {
        Path out = Path.of("target", "it-bench").toAbsolutePath();
        Path docs = out.resolve("docs");
        List<String> command = new ArrayList<>(List.of(Child.java(), "-Djava.awt.headless=true", "-cp",
                jar("serialboost.benchmarks.jar").toString(), BenchRunner.class.getName(),
                "--profile", "smoke", "--agent", jar("serialboost.agent.jar").toString(),
                "--workloads", "MarketData,Employee", "--methods", ".*OnePerStream|remoteCall",
                "--jdk", String.valueOf(Runtime.version().feature())));
        Path jdk25 = jdk25();
        if (jdk25 != null) {
            command.addAll(List.of("--jdk", jdk25.toString(), "--other-jdk-modes", "off,default"));
        }
        command.addAll(List.of("--results", out.resolve("results").toString(), "--docs", docs.toString(),
                "--command", "BenchAgentIT"));
        Child.Result r = Child.run(command, TIMEOUT);
        Files.writeString(out.resolve("runner.log"), r.stdout() + r.stderr(), StandardCharsets.UTF_8);
        r.requireSuccess("BenchRunner --profile smoke");

        // JDK 17: MarketData and Employee one per stream (2 methods each) and the Employee RMI call
        assertTrue(r.stdout().contains("agent: 5 of 5 JVMs started with the engine on, converting nothing"),
                r.stdout());
        assertTrue(r.stdout().contains("agent: 5 of 5 JVMs with the engine on, summary errors=0"), r.stdout());
        // the converted format alone runs JdkStreamBenchmark only (Plan.WHOLE): no RMI call
        assertTrue(r.stdout().contains("agent: 4 of 4 JVMs with the engine off, summary errors=0"), r.stdout());
        assertTrue(r.stdout().contains("agent: 2 of 2 JVMs with the engine on, summary errors=0"), "per-field");
        // the self-check calls every method, whatever --methods says: 2 workloads x 2 write methods
        assertTrue(r.stdout().contains("JDK " + Runtime.version().feature() + ": the agent's default wrote the same"
                + " bytes as no agent, 4 of 4 streams"), r.stdout());
        String md = Files.readString(docs.resolve("benchmarks.md"), StandardCharsets.UTF_8);
        assertTrue(md.contains("## The agent's default against no agent"), md);
        assertTrue(md.contains("| MarketData | one per stream | agent default (engine) | " + Runtime.version().feature()
                + " | ≥ 3.00x |")
                || Runtime.version().feature() != 17, md);
        assertTrue(md.contains("| Employee | RMI call |"), md);
        assertTrue(md.contains("## Real clients"), md);
        assertTrue(md.contains("## Bulk body against per-field body (MarketData)"), md);
        assertTrue(md.contains("**per class looked at**"), md);
        assertTrue(md.contains("| an empty agent (the JVM's own cost) |"), "the trivial app's rows");
        assertTrue(md.contains("**Class loading at the scale of an application**"), "the class path rows");
        assertTrue(Files.size(docs.resolve("benchmarks.png")) > 10_000);
        String json = Files.readString(out.resolve("results").resolve("jmh.json"), StandardCharsets.UTF_8);
        for (AgentMode mode : AgentMode.values()) {
            assertTrue(json.contains("\"-D" + AgentMode.PROPERTY + "=" + mode.id() + "\""), mode.id());
        }
        if (jdk25 != null) {
            assertTrue(md.contains("### JDK 25"), md);
            assertTrue(json.contains(jdk25.resolve("bin").resolve("java").toString()), "forks on JDK 25");
        }
    }

    /** Temurin 25 where the build says it is ({@code serialboost.jdk25.home}), or null when it is not installed. */
    private static Path jdk25() {
        String home = System.getProperty("serialboost.jdk25.home");
        if (home == null || !Files.isExecutable(Path.of(home, "bin", "java"))) {
            System.out.println("BenchAgentIT: no JDK 25 at " + home + "; the pipeline runs on this JDK only");
            return null;
        }
        return Path.of(home);
    }
}
