package dev.serialboost.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.bench.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** JMH's result file read into the report's columns (the recorded run of {@link RecordedRun}). */
class ScoresTest {

    @TempDir
    Path temp;

    @Test
    void readsEveryRecordedScoreIntoItsColumn() throws IOException {
        Scores r = Scores.read(Files.readString(RecordedRun.copyTo(temp).resolve("jmh.json")));
        // 78 measured (JDK 17: off 2 workloads x (JDK + Kryo + Fory) x 4 + MarketData hand-written x 4 + RMI,
        // default, converted, converted-no-engine 2 x 4 + RMI each, per-field 4; JDK 25: off and default 2 x 4 + RMI),
        // plus 36 round trips
        assertEquals(78 + 36, r.scores.size());
        assertEquals("ns/op", r.unit);
        assertEquals(List.of(17, 25), List.copyOf(r.jdks));
        Score offWrite = r.get(17, Column.NO_AGENT, Workload.MarketData, Pattern.ONE, Op.WRITE);
        assertEquals(28813.538716225372, offWrite.value(), 1e-9);
        assertEquals(383524.69211268285, offWrite.error(), 1e-9);
        assertEquals(7248.065058041016, r.get(17, Column.DEFAULT, Workload.MarketData, Pattern.ONE, Op.WRITE).value(),
                1e-9);
        assertEquals(5685.182005115984, r.get(17, Column.CONVERTED, Workload.MarketData, Pattern.ONE, Op.WRITE).value(),
                1e-9);
        assertEquals(3591.2739251653825, r.get(17, Column.CONVERTED_FIELDS, Workload.MarketData, Pattern.ONE, Op.WRITE)
                .value(), 1e-9);
        assertEquals(45023.71791225953, r.get(17, Column.CONVERTED_NO_ENGINE, Workload.MarketData, Pattern.ONE,
                Op.WRITE).value(), 1e-9);
        assertEquals(42806.88240826977, r.get(25, Column.NO_AGENT, Workload.MarketData, Pattern.ONE, Op.WRITE).value(),
                1e-9);
        assertEquals(73982.22444499185, r.get(17, Column.NO_AGENT, Workload.MarketData, Pattern.ONE, Op.ROUND_TRIP)
                .value(), 1e-6);
        // the RMI call is a round trip of its own, keyed by its argument
        assertEquals(6529459.522566718, r.get(17, Column.DEFAULT, Workload.CustomerOrder, Pattern.RMI, Op.ROUND_TRIP)
                .value(), 1e-6);
        assertTrue(r.get(17, Column.KRYO, Workload.CustomerOrder, Pattern.THOUSAND, Op.READ) != null);
        assertTrue(r.get(17, Column.HANDWRITTEN, Workload.CustomerOrder, Pattern.ONE, Op.WRITE) == null, "no twin");
        assertTrue(r.get(25, Column.CONVERTED, Workload.MarketData, Pattern.ONE, Op.WRITE) == null);
        assertTrue(r.get(17, Column.CONVERTED_FIELDS, Workload.CustomerOrder, Pattern.ONE, Op.WRITE) == null);
    }

    @Test
    void readsJmhNumbersAndItsNaNWithGson() {
        assertEquals(1500.0, Scores.number(com.google.gson.JsonParser.parseString("1.5e3")));
        assertTrue(Double.isNaN(Scores.number(com.google.gson.JsonParser.parseString("\"NaN\""))));
        assertTrue(Double.isNaN(Scores.number(null)));
        assertEquals(-2.0, Scores.number(com.google.gson.JsonParser.parseString("-2")));
    }
}
