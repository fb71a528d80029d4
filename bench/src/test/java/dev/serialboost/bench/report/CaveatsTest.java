package dev.serialboost.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/** When the page warns that its numbers deserve less trust. */
class CaveatsTest {

    @TempDir
    Path temp;

    @Test
    void saysWhenTheMeasuredIterationsWereStillWarmingUp() throws IOException {
        Scores r = Scores.read(Files.readString(RecordedRun.copyTo(temp).resolve("jmh.json")));
        int[] off = r.warming.get(Column.NO_AGENT);
        assertEquals(18, off[1], "per JDK (17, 25): 2 workloads x 4 methods + 1 RMI call");
        String text = Caveats.warming(r);
        assertTrue(text == null || text.contains("no agent " + off[0] + " of 18"), text);
        Scores steady = Scores.read("[{\"jmhVersion\": \"1.37\", \"benchmark\":"
                + " \"dev.serialboost.bench.JdkStreamBenchmark.writeOnePerStream\", \"jdkVersion\": \"17.0.1\","
                + " \"vmName\": \"VM\", \"vmVersion\": \"17\", \"jvmArgs\": [\"-Dbench.agent=default\"],"
                + " \"params\": {\"workload\": \"Order\", \"form\": \"SERIALIZABLE\"}, \"primaryMetric\":"
                + " {\"score\": 10, \"scoreError\": \"NaN\", \"scoreUnit\": \"ns/op\", \"rawData\": [[13, 9, 10]]}}]");
        assertEquals("in 1 of 1 benchmarks the first measured iteration was more than 25% slower than the last"
                + " (agent default (engine) 1 of 1)", Caveats.warming(steady));
    }

    @Test
    void aLoadTheRunMakesItselfIsNotCalledBusy() {
        Properties run = new Properties();
        run.setProperty("machine.cores", "2");
        run.setProperty("machine.loadavg.start", "2.10 1.41 1.03");
        run.setProperty("machine.loadavg.end", "1.70 1.80 1.75");
        assertNull(Caveats.busy(run), "one benchmark thread, its JIT and GC, and the build before");
        run.setProperty("machine.loadavg.end", "3.04 2.51 2.10");
        assertEquals("1-minute load average 2.1 at the start and 3.0 at the end, on 2 cores", Caveats.busy(run));
    }
}
