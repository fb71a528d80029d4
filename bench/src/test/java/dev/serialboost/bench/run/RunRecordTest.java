package dev.serialboost.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/** The run record: written sorted, one line a key, read back as written; the cost keys moved per JDK. */
class RunRecordTest {

    @TempDir
    Path temp;

    @Test
    void writesSortedLinesThatReadBackAsWritten() throws IOException {
        RunRecord record = new RunRecord();
        record.put("run.command", "./bench.sh --quick");
        record.put("machine.os", "Linux 6.1 amd64");
        record.put("odd", "a\\b\nc\rd");
        record.putNumber("startup.off.median", 41.25);
        Path file = temp.resolve(RunRecord.FILE);
        record.write(file);
        assertEquals(List.of("# written by dev.serialboost.bench.BenchRunner; read by ReportGenerator",
                "machine.os=Linux 6.1 amd64", "odd=a\\\\b\\nc\\rd", "run.command=./bench.sh --quick",
                "startup.off.median=41.3"), Files.readAllLines(file, StandardCharsets.UTF_8));
        assertEquals(record.properties(), RunRecord.read(file));
    }

    @Test
    void recordsTheStatisticsOfAMeasurement() {
        RunRecord record = new RunRecord();
        record.putStats("startup.off", new double[] {40, 10, 30, 20});
        assertEquals(Map.of("startup.off.median", "25.0", "startup.off.p25", "17.5", "startup.off.p75", "32.5",
                "startup.off.min", "10.0", "startup.off.max", "40.0"), Map.copyOf(record.properties()));
    }

    @Test
    void movesTheCostKeysUnderAJdksPrefix() {
        Properties run = new Properties();
        Properties measured = new Properties();
        Map.of("startup.off.median", "100.0", "transform.ms.median", "50", "classpath.perclass.default", "12.34")
                .forEach(measured::setProperty);
        measured.setProperty("machine.cpu", "not a cost");
        RunRecord.moveCosts(measured, run, RunRecord.costPrefix(25));
        assertEquals("not a cost", measured.getProperty("machine.cpu"));
        assertEquals(1, measured.size(), "every cost key moved");
        assertEquals(Map.of("cost.25.startup.off.median", "100.0", "cost.25.transform.ms.median", "50",
                "cost.25.classpath.perclass.default", "12.34"), Map.copyOf(run));
    }
}
