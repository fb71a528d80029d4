package dev.serialboost.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.bench.ReportGenerator.Impl;
import dev.serialboost.bench.ReportGenerator.Op;
import dev.serialboost.bench.ReportGenerator.Pattern;
import dev.serialboost.bench.ReportGenerator.Score;
import dev.serialboost.bench.run.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The report generator on a recorded run ({@code src/test/resources/recorded}: the {@code jmh.json} and
 * {@code run.properties} of a real {@code ./bench.sh --smoke --workloads MarketData,CustomerOrder --jdks 17,25
 * --other-jdk-modes off,default}). The expected numbers below were computed by hand from the recorded scores.
 */
class ReportGeneratorTest {

    @TempDir
    Path temp;

    private Path recorded() throws IOException {
        Path dir = temp.resolve("results");
        Files.createDirectories(dir);
        for (String name : List.of(RunRecord.JMH_JSON, RunRecord.FILE)) {
            try (InputStream in = getClass().getResourceAsStream("/recorded/" + name)) {
                Files.copy(in, dir.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return dir;
    }

    @Test
    void readsEveryRecordedScoreIntoItsColumn() throws IOException {
        ReportGenerator.Results r = ReportGenerator.read(Files.readString(recorded().resolve("jmh.json")));
        // 78 measured (JDK 17: off 2 workloads x (JDK + Kryo + Fory) x 4 + MarketData hand-written x 4 + RMI,
        // default, converted, converted-no-engine 2 x 4 + RMI each, per-field 4; JDK 25: off and default 2 x 4 + RMI),
        // plus 36 round trips
        assertEquals(78 + 36, r.scores.size());
        assertEquals("ns/op", r.unit);
        assertEquals(List.of(17, 25), List.copyOf(r.jdks));
        Score offWrite = r.get(17, Impl.NO_AGENT, Workload.MarketData, Pattern.ONE, Op.WRITE);
        assertEquals(28813.538716225372, offWrite.value(), 1e-9);
        assertEquals(383524.69211268285, offWrite.error(), 1e-9);
        assertEquals(7248.065058041016, r.get(17, Impl.DEFAULT, Workload.MarketData, Pattern.ONE, Op.WRITE).value(),
                1e-9);
        assertEquals(5685.182005115984, r.get(17, Impl.CONVERTED, Workload.MarketData, Pattern.ONE, Op.WRITE).value(),
                1e-9);
        assertEquals(3591.2739251653825, r.get(17, Impl.CONVERTED_FIELDS, Workload.MarketData, Pattern.ONE, Op.WRITE)
                .value(), 1e-9);
        assertEquals(45023.71791225953, r.get(17, Impl.CONVERTED_NO_ENGINE, Workload.MarketData, Pattern.ONE, Op.WRITE)
                .value(), 1e-9);
        assertEquals(42806.88240826977, r.get(25, Impl.NO_AGENT, Workload.MarketData, Pattern.ONE, Op.WRITE).value(),
                1e-9);
        assertEquals(73982.22444499185, r.get(17, Impl.NO_AGENT, Workload.MarketData, Pattern.ONE, Op.ROUND_TRIP)
                .value(), 1e-6);
        // the RMI call is a round trip of its own, keyed by its argument
        assertEquals(6529459.522566718, r.get(17, Impl.DEFAULT, Workload.CustomerOrder, Pattern.RMI, Op.ROUND_TRIP)
                .value(), 1e-6);
        assertTrue(r.get(17, Impl.KRYO, Workload.CustomerOrder, Pattern.THOUSAND, Op.READ) != null);
        assertTrue(r.get(17, Impl.HANDWRITTEN, Workload.CustomerOrder, Pattern.ONE, Op.WRITE) == null, "no twin");
        assertTrue(r.get(25, Impl.CONVERTED, Workload.MarketData, Pattern.ONE, Op.WRITE) == null);
        assertTrue(r.get(17, Impl.CONVERTED_FIELDS, Workload.CustomerOrder, Pattern.ONE, Op.WRITE) == null);
    }

    @Test
    void theCostSectionHasTheTrivialAppAndClassLoadingRowsWhenMeasured() throws IOException {
        Properties run = RunRecord.read(recorded().resolve("run.properties"));
        String without = costs(run);
        assertTrue(!without.contains("TrivialApp") && !without.contains("ClassPathApp"),
                "a recording without them has neither");
        Map<String, String> extra = Map.ofEntries(Map.entry("startup.trivial.off.median", "41.0"),
                Map.entry("startup.trivial.empty.median", "88.0"), Map.entry("startup.trivial.default.median", "90.0"),
                Map.entry("startup.trivial.converted.median", "130.0"),
                Map.entry("startup.trivial.premain.default.median", "4.0"),
                Map.entry("classpath.load.off.median", "4000.0"), Map.entry("classpath.load.default.median", "4100.0"),
                Map.entry("classpath.load.converted.median", "9000.0"),
                Map.entry("classpath.wall.off.median", "4500.0"), Map.entry("classpath.wall.default.median", "4650.0"),
                Map.entry("classpath.wall.converted.median", "9800.0"), Map.entry("classpath.perclass.default", "5.0"),
                Map.entry("classpath.perclass.converted", "250.0"), Map.entry("classpath.classes", "20000"),
                Map.entry("classpath.failed", "12"), Map.entry("classpath.converted", "1500"),
                Map.entry("classpath.jars", "a.jar,b.jar"), Map.entry("classpath.runs", "5"),
                Map.entry("classpath.jdk", "17"));
        for (String key : List.of("startup.trivial.off", "startup.trivial.empty", "startup.trivial.default",
                "startup.trivial.converted", "startup.trivial.premain.default", "classpath.load.off",
                "classpath.load.default", "classpath.load.converted")) {
            for (String stat : List.of("p25", "p75", "min", "max")) {
                run.setProperty(key + "." + stat, "1.0");
            }
        }
        extra.forEach(run::setProperty);
        String text = costs(run);
        assertContains(text, "| an empty agent (the JVM's own cost) | 88.0 ms | 1.0 – 1.0 ms | 1.0 – 1.0 ms |"
                + " **+47 ms** (+115%) |");
        assertContains(text, "| agent default (engine) | 90.0 ms | 1.0 – 1.0 ms | 1.0 – 1.0 ms | **+49 ms** (+120%)"
                + " |\n|   of which its premain (start-up line: `active in N ms`) | 4.0 ms |");
        assertContains(text, "each of the 20,000 classes of published jars (a.jar, b.jar; 12 of them fail");
        assertContains(text, "| agent default (engine) | 4100.0 ms | 1.0 – 1.0 ms | 4650.0 ms | **+5.0 µs** |");
        assertContains(text, "| agent, convert=all (1500 converted) | 9000.0 ms | 1.0 – 1.0 ms | 9800.0 ms |"
                + " **+250.0 µs** |");
        // the StartupApp table is still there, after the trivial one
        assertTrue(text.indexOf("`TrivialApp`") < text.indexOf("`StartupApp`"), text);
        assertContains(text, "| agent default (engine) | " + property("startup.default.median") + " ms |");
        assertContains(text, "5 runs each without the agent");
        run.setProperty("classpath.paired", "true");
        assertContains(costs(run), "5 rounds of one run each without the agent, with its default and with"
                + " `convert=all`, the order rotating from round to round. The cost per class looked at is the median"
                + " over the rounds of the difference, within a round");
    }

    @Test
    void theCostSectionPutsEveryJdkOfTheRunSideBySide() throws IOException {
        // as BenchRunner records them: the first JDK's figures under their keys, each other's after its prefix
        // (RunRecordTest checks the moving)
        Properties run = new Properties();
        Map.of("startup.off.median", "100.0", "startup.default.median", "150.0", "startup.converted.median", "260.0",
                "startup.trivial.off.median", "40.0", "startup.trivial.default.median", "70.0",
                "transform.ms.median", "50", "transform.classes", "1000", "classpath.load.off.median", "500.0",
                "classpath.perclass.default", "12.34", "classpath.perclass.converted", "55.54")
                .forEach((k, v) -> run.setProperty(RunRecord.costPrefix(25) + k, v));
        Map.of("startup.off.median", "90.0", "startup.default.median", "130.0", "startup.trivial.off.median",
                "43.3", "startup.trivial.default.median", "80.2", "startup.trivial.converted.median", "255.1",
                "classpath.load.off.median", "508.8", "classpath.perclass.default", "23.0",
                "classpath.perclass.converted", "62.4").forEach(run::setProperty);
        StringBuilder one = new StringBuilder();
        ReportGenerator.acrossJdks(one, run);
        assertEquals("", one.toString(), "without cost.jdks there is one JDK: no such table");
        run.setProperty("cost.jdks", "17,25");
        StringBuilder table = new StringBuilder();
        ReportGenerator.acrossJdks(table, run);
        String text = table.toString();
        assertContains(text, "(the tables above are JDK 17's).\n\n| | JDK 17 | JDK 25 | target |\n"
                + "|---|---:|---:|---:|\n");
        assertContains(text, "| trivial app, agent default: whole process, difference of the medians | +37 ms"
                + " | +30 ms | ≤ 60 ms |\n| trivial app, `convert=all` | +212 ms | — | — |\n");
        assertContains(text, "| serializing app (`StartupApp`), agent default | +40 ms | +50 ms | — |\n"
                + "| serializing app, `convert=all` | — | +160 ms | — |\n");
        assertContains(text, "| transform time per class looked at (generated app) | — | 50 µs | — |\n");
        assertContains(text, "| loading the published jars' classes without the agent (median) | 508.8 ms"
                + " | 500.0 ms | — |\n| class loading, agent default: **per class looked at** | +23.0 µs"
                + " | +12.3 µs | ≤ 20 µs |\n| class loading, `convert=all`: **per class looked at** | +62.4 µs"
                + " | +55.5 µs | ≤ 60 µs |\n");
        // and the cost section ends with it
        Properties recorded = RunRecord.read(recorded().resolve("run.properties"));
        recorded.setProperty("cost.jdks", "17,25");
        String section = costs(recorded);
        assertTrue(section.endsWith("| class loading, `convert=all`: **per class looked at** | — | — | ≤ 60 µs"
                + " |\n\n"), section);
    }

    @Test
    void saysWhenTheMeasuredIterationsWereStillWarmingUp() throws IOException {
        ReportGenerator.Results r = ReportGenerator.read(Files.readString(recorded().resolve("jmh.json")));
        int[] off = r.warming.get(Impl.NO_AGENT);
        assertEquals(18, off[1], "per JDK (17, 25): 2 workloads x 4 methods + 1 RMI call");
        String text = ReportGenerator.warming(r);
        assertTrue(text == null || text.contains("no agent " + off[0] + " of 18"), text);
        ReportGenerator.Results steady = ReportGenerator.read("[{\"jmhVersion\": \"1.37\", \"benchmark\":"
                + " \"dev.serialboost.bench.JdkStreamBenchmark.writeOnePerStream\", \"jdkVersion\": \"17.0.1\","
                + " \"vmName\": \"VM\", \"vmVersion\": \"17\", \"jvmArgs\": [\"-Dbench.agent=default\"],"
                + " \"params\": {\"workload\": \"Order\", \"form\": \"SERIALIZABLE\"}, \"primaryMetric\":"
                + " {\"score\": 10, \"scoreError\": \"NaN\", \"scoreUnit\": \"ns/op\", \"rawData\": [[13, 9, 10]]}}]");
        assertEquals("in 1 of 1 benchmarks the first measured iteration was more than 25% slower than the last"
                + " (agent default (engine) 1 of 1)", ReportGenerator.warming(steady));
    }

    @Test
    void readsJmhNumbersAndItsNaNWithGson() {
        assertEquals(1500.0, ReportGenerator.number(com.google.gson.JsonParser.parseString("1.5e3")));
        assertTrue(Double.isNaN(ReportGenerator.number(com.google.gson.JsonParser.parseString("\"NaN\""))));
        assertTrue(Double.isNaN(ReportGenerator.number(null)));
        assertEquals(-2.0, ReportGenerator.number(com.google.gson.JsonParser.parseString("-2")));
    }

    @Test
    void writesThePageAndTheChart() throws IOException {
        Path docs = temp.resolve("docs");
        List<Path> written = ReportGenerator.write(recorded(), docs);
        assertEquals(List.of(docs.resolve("benchmarks.md"), docs.resolve("benchmarks.png")), written);

        byte[] png = Files.readAllBytes(docs.resolve("benchmarks.png"));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
        assertTrue(png.length > 10_000, "a chart, not an empty image: " + png.length + " bytes");

        String md = Files.readString(docs.resolve("benchmarks.md"), StandardCharsets.UTF_8);
        // the headline, from the recorded round trips: (28813.5 + 45168.7) / (7248.1 + 89531.6) = 0.76 on JDK 17;
        // (42806.9 + 83190.2) / (23844.0 + 65428.1) = 1.41 on JDK 25
        assertContains(md, "| workload | pattern | JDK 17 | JDK 25 |");
        assertContains(md, "| MarketData | one per stream | **0.76x ± 13.74** | **1.41x ± 27.08** |");
        assertContains(md, "| CustomerOrder | RMI call | **2.49x ± 61.51** | **0.95x ± 10.53** |");
        assertContains(md, "the default wrote the same bytes as no agent, JDK 17: 4 of 4 streams; JDK 25: 4 of 4");
        // the targets: JDK 17 (one long-stream row on 25), the default mode but for the converted format's row; the
        // floor over every row of the headline (2 JDKs x 5 rows)
        assertContains(md, "| MarketData | one per stream | agent default (engine) | 17 | ≥ 3.00x | 0.76x ± 13.74 |"
                + " within error |");
        assertContains(md, "| MarketData | 1,000 per stream | agent default (engine) | 17 | ≥ 1.40x | 0.32x ± 5.92 |"
                + " within error |");
        assertContains(md, "| MarketData | 1,000 per stream | agent default (engine) | 25 | ≥ 1.15x | 0.53x ± 7.82 |"
                + " within error |");
        assertContains(md, "| MarketData | one per stream | convert=all + engine | 17 | ≥ 4.00x | 2.82x ± 41.55 |"
                + " within error |");
        assertContains(md, "| every row above (10) | | agent default (engine) | all | ≥ 0.97x | lowest 0.32x ± 5.92"
                + " (MarketData, 1,000 per stream, JDK 17) | within error |");
        assertTrue(!md.contains("| Employee | one per stream | agent default (engine) | 17 | ≥ 1.60x"),
                "no target row for what did not run");
        // the layers, each against no agent on its JDK
        assertContains(md, "| MarketData | one per stream | 73,982 ± 408,665 | 0.76x ± 13.74 | 2.82x ± 41.55 |"
                + " 1.03x ± 20.33 | 1.61x ± 34.86 |");
        assertContains(md, "## A real client: JDK RMI");
        assertContains(md, "| 17 | CustomerOrder | 16,278,413 ± 292,912,949 | 6,529,460 ± 110,217,953 |"
                + " **2.49x ± 61.51** |");
        // the bulk table: off, per-field, bulk and the three ratios, write and read apart
        assertContains(md, "| one per stream | write | 28,814 ± 383,525 | 3,591 ± 48,667 | 5,685 ± 66,066 | 8.02x");
        // a JDK after the first gets a table of its own
        assertContains(md, "### JDK 25\n\n| workload | pattern | op | no agent | agent default (engine) | speed-up |");
        // sizes come from run.properties; the default's equal no agent's
        assertContains(md, "| MarketData | one per stream | 399 | 399 | 210 | 210 | 210 | 216 | 138 | 248 |");
        // costs, machine, honesty
        assertContains(md, "| without the agent | " + property("startup.off.median") + " ms |");
        assertContains(md, "| agent default (engine) | " + property("startup.default.median") + " ms |");
        assertContains(md, "| transformer time, all 1000 classes (`transform-ms`) |");
        assertContains(md, "| JDK 25 | OpenJDK 64-Bit Server VM 25.0.3+9-LTS (`/usr/lib/jvm/temurin-25-jdk-amd64`) |");
        assertContains(md, "Each needs source changes and a different wire format");
        assertContains(md, "(profile `smoke`)");
        assertContains(md, "This run: JDK 17: off, default, converted, converted-fields, converted-no-engine; JDK 25:"
                + " off, default (reference rows on JDK 17 only).");
        // the recording's load average was 12.1 at the start and 11.8 at the end on 2 cores
        assertContains(md, "> **The machine was busy during this run** (1-minute load average 12.1 at the start and"
                + " 11.8 at the end, on 2 cores)");
        assertContains(md, "`exclude org.openjdk.jmh.**`");
        assertTrue(!md.contains("| Order |"), "no rows for workloads the run did not measure");
    }

    @Test
    void aLoadTheRunMakesItselfIsNotCalledBusy() {
        Properties run = new Properties();
        run.setProperty("machine.cores", "2");
        run.setProperty("machine.loadavg.start", "2.10 1.41 1.03");
        run.setProperty("machine.loadavg.end", "1.70 1.80 1.75");
        assertNull(ReportGenerator.busy(run), "one benchmark thread, its JIT and GC, and the build before");
        run.setProperty("machine.loadavg.end", "3.04 2.51 2.10");
        assertEquals("1-minute load average 2.1 at the start and 3.0 at the end, on 2 cores", ReportGenerator.busy(run));
    }

    @Test
    void refusesAnIncompleteRun() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ReportGenerator.write(temp, temp.resolve("docs")));
        assertTrue(e.getMessage().contains("no complete run"), e.getMessage());
    }

    @Test
    void ratiosCarryTheirErrorAndVerdictsReadIt() {
        Score off = new Score(300, 30);
        Score on = new Score(100, 10);
        Score s = off.speedupOf(on);
        assertEquals(3.0, s.value(), 1e-12);
        assertEquals(3.0 * Math.sqrt(0.01 + 0.01), s.error(), 1e-12);
        assertEquals("met", ReportGenerator.verdict(s, 3.0));
        assertEquals("within error", ReportGenerator.verdict(s, 3.3));
        assertEquals("**missed**", ReportGenerator.verdict(s, 4.0));
        assertEquals("**missed**", ReportGenerator.verdict(new Score(2.9, Double.NaN), 3.0));
        assertEquals(new Score(400, Math.sqrt(1000)), off.plus(on));
        assertEquals("1,234 ± 57", ReportGenerator.time(new Score(1234.4, 56.7)));
        assertEquals("12.3", ReportGenerator.time(new Score(12.34, Double.NaN)));
        assertEquals("3.00x ± 0.42", ReportGenerator.ratioWithError(s));
    }

    private String property(final String key) throws IOException {
        return RunRecord.read(recorded().resolve("run.properties")).getProperty(key);
    }

    /** The report's cost section for {@code run}. */
    private static String costs(final Properties run) {
        StringBuilder md = new StringBuilder();
        ReportGenerator.costs(md, run);
        return md.toString();
    }

    private static void assertContains(final String text, final String part) {
        assertTrue(text.contains(part), "missing:\n  " + part + "\nin:\n" + text);
    }
}
