package dev.serialboost.agent;

import dev.serialboost.it.stats.RecordingWindows;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The statistics' JFR events follow the JVM's recordings: with {@code stats=true} and the settings file of
 * docs/statistics.md given to {@code -XX:StartFlightRecording} (a recording JFR may start before or after the agent's
 * statistics go on), every top-level write and read of the workload while it runs is an event; after it stops and
 * another starts, every one while the new one runs is too (the runtime begins events only while a recording runs,
 * and the agent tells it of each start and stop).
 */
class StatisticsRecordingsIT {

    /** The settings file docs/statistics.md gives. */
    private static final String SETTINGS = """
            <?xml version="1.0" encoding="UTF-8"?>
            <configuration version="2.0" label="serialboost">
              <event name="dev.serialboost.ObjectWrite">
                <setting name="enabled">true</setting>
                <setting name="threshold">0 ms</setting>
                <setting name="stackTrace">false</setting>
              </event>
              <event name="dev.serialboost.ObjectRead">
                <setting name="enabled">true</setting>
                <setting name="threshold">0 ms</setting>
                <setting name="stackTrace">false</setting>
              </event>
            </configuration>
            """;

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void eventsFollowRecordingsStartedBeforeAndAfter(final Jdk jdk, @TempDir final Path dir) throws IOException {
        jdk.assumeInstalled();
        Path settings = Files.writeString(dir.resolve("serialboost.jfc"), SETTINGS);
        JvmResult result = JvmRunner.on(jdk).withAgent("stats=true")
                .jvmArgs("-XX:StartFlightRecording:settings=" + settings + ",filename=" + dir.resolve("start.jfr"))
                .run(RecordingWindows.class);
        List<String> jfr = result.stdoutLines().stream().filter(l -> l.startsWith("jfr ")).toList();
        assertEquals(List.of(
                "jfr at-start {dev.serialboost.ObjectRead=" + RecordingWindows.AT_START + ", dev.serialboost.ObjectWrite="
                        + RecordingWindows.AT_START + "}",
                "jfr later {dev.serialboost.ObjectRead=" + RecordingWindows.LATER + ", dev.serialboost.ObjectWrite="
                        + RecordingWindows.LATER + "}"), jfr, jdk + ": " + result.stdoutLines());
    }
}
