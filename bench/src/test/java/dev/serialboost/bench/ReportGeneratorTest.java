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
 * {@code run.properties} of a real {@code ./bench.sh --smoke --workloads MarketData,Employee}). The expected
 * numbers below were computed by hand from the recorded scores.
 */
class ReportGeneratorTest {

    @TempDir
    Path temp;

    private Path recorded() throws IOException {
        Path dir = temp.resolve("results");
        Files.createDirectories(dir);
        for (String name : List.of(ReportGenerator.JMH_JSON, ReportGenerator.RUN_PROPERTIES)) {
            try (InputStream in = getClass().getResourceAsStream("/recorded/" + name)) {
                Files.copy(in, dir.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return dir;
    }

    @Test
    void readsEveryRecordedScoreIntoItsColumn() throws IOException {
        ReportGenerator.Results r = ReportGenerator.read(Files.readString(recorded().resolve("jmh.json")));
        // 44 measured: off 2 workloads x (2 forms + Kryo + Fory) x 4, per-field 4, bulk 2 x 4; plus round trips
        assertEquals(44 + 22, r.scores.size());
        assertEquals("ns/op", r.unit);
        Score offWrite = r.get(Impl.NO_AGENT, Workload.MarketData, Pattern.ONE, Op.WRITE);
        assertEquals(5744.747993625504, offWrite.value(), 1e-9);
        assertEquals(39550.750537541666, offWrite.error(), 1e-9);
        assertEquals(1373.174355299944, r.get(Impl.AGENT_FIELDS, Workload.MarketData, Pattern.ONE, Op.WRITE).value(),
                1e-9);
        assertEquals(1457.5623621082366, r.get(Impl.AGENT_BULK, Workload.MarketData, Pattern.ONE, Op.WRITE).value(),
                1e-9);
        assertEquals(44977.600631600275, r.get(Impl.NO_AGENT, Workload.MarketData, Pattern.ONE, Op.ROUND_TRIP)
                .value(), 1e-6);
        assertTrue(r.get(Impl.KRYO, Workload.Employee, Pattern.THOUSAND, Op.READ) != null);
        assertTrue(r.get(Impl.AGENT_FIELDS, Workload.Employee, Pattern.ONE, Op.WRITE) == null);
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
        // the targets, from the recorded round trips: (5744.7 + 39232.9) / (1457.6 + 4520.4) = 7.52
        assertContains(md, "| MarketData | one per stream | ≥ 3.00x | 7.52x ± 105.98 | met |");
        assertContains(md, "| Employee | one per stream | ≥ 2.00x |");
        assertContains(md, "![Round-trip speed-up over plain JDK serialization](benchmarks.png)");
        // the bulk issue's table: off, per-field, bulk and the three ratios, write and read apart
        assertContains(md, "| one per stream | write | 5,745 ± 39,551 | 1,373 ± 10,804 | 1,458 ± 14,506 | 4.18x");
        assertContains(md, "| 1,000 per stream | read | 822 ± 8,234 | 808 ± 13,998 | 4,464 ± 95,438 |");
        // sizes come from run.properties
        assertContains(md, "| MarketData | one per stream | 399 | 210 | 210 | 216 | 138 | 248 |");
        assertContains(md, "| Employee | 1,000 per stream | 145,245 (145/obj) | — | 152,133 (152/obj) |");
        // costs, machine, honesty
        assertContains(md, "| without the agent | " + property("startup.off.median") + " ms |");
        assertContains(md, "| transformer time, all 1000 classes (`transform-ms`) |");
        assertContains(md, "| CPU | Intel(R) Xeon(R) Processor |");
        assertContains(md, "Each needs source changes and a different wire format");
        assertContains(md, "> **Profile `smoke`**");
        // the recording's load average was 1.92 at the start and 2.51 at the end on 2 cores
        assertContains(md, "> **The machine was busy during this run** (1-minute load average 1.9 at the start and"
                + " 2.5 at the end, on 2 cores)");
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

    @Test
    void readsJmhNumbersAndItsNaNWithGson() {
        assertEquals(1500.0, ReportGenerator.number(com.google.gson.JsonParser.parseString("1.5e3")));
        assertTrue(Double.isNaN(ReportGenerator.number(com.google.gson.JsonParser.parseString("\"NaN\""))));
        assertTrue(Double.isNaN(ReportGenerator.number(null)));
        assertEquals(-2.0, ReportGenerator.number(com.google.gson.JsonParser.parseString("-2")));
    }

    @Test
    void theRunnerFindsTheAgentSummaryLineInJmhOutput() {
        String jmhOutput = "Iteration   1: 1184.171 ns/op\n[serialboost] summary: converted=4 skipped=43 errors=0"
                + " transform-ms=72 (excluded-by-config=42)\n";
        java.util.regex.Matcher m = BenchRunner.SUMMARY.matcher(jmhOutput);
        assertTrue(m.find());
        assertEquals("4", m.group(1));
        assertEquals("0", m.group(3));
        assertEquals("72", m.group(4));
        assertEquals(2.5, BenchRunner.median(new double[] {4, 1, 3, 2}));
        assertEquals(1.75, BenchRunner.percentile(new double[] {1, 2, 3, 4}, 25), 1e-12);
        BenchRunner.Settings s = BenchRunner.parse(new String[] {"--profile", "full", "--workloads", "Order,Sample",
            "--docs", "none", "--skip-cost"});
        assertEquals(BenchRunner.Profile.FULL, s.profile());
        assertEquals(List.of(Workload.Order, Workload.Sample), s.workloads());
        assertTrue(s.docs() == null && s.skipCost());
        assertThrows(IllegalArgumentException.class, () -> BenchRunner.parse(new String[] {"--fast"}));
    }

    private String property(final String key) throws IOException {
        return BenchRunner.readRecord(recorded().resolve("run.properties")).getProperty(key);
    }

    private static void assertContains(final String text, final String part) {
        assertTrue(text.contains(part), "missing:\n  " + part + "\nin:\n" + text);
    }
}
