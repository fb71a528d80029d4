package dev.serialboost.bench.report;

import dev.serialboost.bench.run.RunRecord;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Properties;

/**
 * The recorded run of the report's tests ({@code src/test/resources/recorded}: the {@code jmh.json} and
 * {@code run.properties} of a real {@code ./bench.sh --smoke --workloads MarketData,CustomerOrder --jdks 17,25
 * --other-jdk-modes off,default}). The expected numbers of the tests were computed by hand from the recorded scores.
 */
final class RecordedRun {

    private RecordedRun() {
    }

    /** Copies the recorded run into {@code temp/results}; returns that results directory. */
    static Path copyTo(final Path temp) throws IOException {
        Path dir = temp.resolve("results");
        Files.createDirectories(dir);
        for (String name : List.of(RunRecord.JMH_JSON, RunRecord.FILE)) {
            try (InputStream in = RecordedRun.class.getResourceAsStream("/recorded/" + name)) {
                Files.copy(in, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return dir;
    }

    /** The recorded run record. */
    static Properties record(final Path temp) throws IOException {
        return RunRecord.read(copyTo(temp).resolve(RunRecord.FILE));
    }

    /** A value of the recorded run record. */
    static String property(final Path temp, final String key) throws IOException {
        return record(temp).getProperty(key);
    }
}
