package dev.serialboost.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

/**
 * The report generator on a recorded run ({@code src/test/resources/recorded}: the {@code jmh.json} and
 * {@code run.properties} of a real {@code ./bench.sh --smoke --workloads MarketData,CustomerOrder --jdks 17,25
 * --other-jdk-modes off,default}), end to end: the page and the chart. The expected numbers below were computed by
 * hand from the recorded scores; the units of {@code dev.serialboost.bench.report} have tests of their own.
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
        assertContains(md, "| every row above (10) | | agent default (engine) | all | ≥ 1.00x | lowest 0.32x ± 5.92"
                + " (MarketData, 1,000 per stream, JDK 17) | within error |");
        // convert=all against the default: the default's round trip over convert=all's, JDK 17
        assertContains(md, "| MarketData | one per stream | convert=all / default | 17 | ≥ 1.30x | 3.69x ± 80.69 | met |");
        assertContains(md, "| every workload, one per stream (2) | | agent default (engine) | 17 | ≥ 3.00x | lowest 0.76x"
                + " ± 13.74 (MarketData, JDK 17) | within error |");
        // sizes: CustomerOrder's converted stream 1,359 bytes against the default's 1,852
        assertContains(md, "| every workload, bytes per stream (2) | one per stream | convert=all + engine | 17 | ≤ 0.80x"
                + " of the default's | largest 0.73x (CustomerOrder) | met |");
        assertTrue(!md.contains("## Allocation per operation"), "no gc profiler in the recorded run");
        assertTrue(!md.contains("## Streams frameworks use"), "no framework streams in the recorded run");
        assertTrue(!md.contains("| Employee | one per stream | agent default (engine) | 17 | ≥ 1.60x"),
                "no target row for what did not run");
        // the layers, each against no agent on its JDK
        assertContains(md, "| MarketData | one per stream | 73,982 ± 408,665 | 0.76x ± 13.74 | 2.82x ± 41.55 |"
                + " 1.03x ± 20.33 | 1.61x ± 34.86 |");
        assertContains(md, "## Real clients");
        assertContains(md, "| 17 | RMI call | CustomerOrder | 16,278,413 ± 292,912,949 | **2.49x ± 61.51** |");
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
    void writesTheRecordedRunsPageByteForByte() throws IOException {
        // recorded/benchmarks.md is the page the recorded run gave before the report was split into sections and
        // templates; after a deliberate change of the page, write it anew (java -cp bench/target/benchmarks.jar
        // dev.serialboost.bench.ReportGenerator bench/src/test/resources/recorded DIR) and copy DIR/benchmarks.md
        Path docs = temp.resolve("docs");
        ReportGenerator.write(recorded(), docs);
        String expected;
        try (InputStream in = getClass().getResourceAsStream("/recorded/benchmarks.md")) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertEquals(expected, Files.readString(docs.resolve("benchmarks.md"), StandardCharsets.UTF_8));
    }

    @Test
    void refusesAnIncompleteRun() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ReportGenerator.write(temp, temp.resolve("docs")));
        assertTrue(e.getMessage().contains("no complete run"), e.getMessage());
    }

    private String property(final String key) throws IOException {
        return RunRecord.read(recorded().resolve("run.properties")).getProperty(key);
    }

    private static void assertContains(final String text, final String part) {
        assertTrue(text.contains(part), "missing:\n  " + part + "\nin:\n" + text);
    }
}
