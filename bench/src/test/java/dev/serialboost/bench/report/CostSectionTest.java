package dev.serialboost.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.bench.run.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/** "What the agent costs", from the recorded run and from records with the rows it lacks. */
class CostSectionTest {

    @TempDir
    Path temp;

    @Test
    void theCostSectionHasTheTrivialAppAndClassLoadingRowsWhenMeasured() throws IOException {
        Properties run = RecordedRun.record(temp);
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
        assertContains(text, "| agent default (engine) | " + RecordedRun.property(temp, "startup.default.median")
                + " ms |");
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
        CostAcrossJdksTable.appendTo(one, run);
        assertEquals("", one.toString(), "without cost.jdks there is one JDK: no such table");
        run.setProperty("cost.jdks", "17,25");
        StringBuilder table = new StringBuilder();
        CostAcrossJdksTable.appendTo(table, run);
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
        Properties recorded = RecordedRun.record(temp);
        recorded.setProperty("cost.jdks", "17,25");
        String section = costs(recorded);
        assertTrue(section.endsWith("| class loading, `convert=all`: **per class looked at** | — | — | ≤ 60 µs"
                + " |\n\n"), section);
    }

    /** The report's cost section for {@code run}. */
    private static String costs(final Properties run) {
        StringBuilder md = new StringBuilder();
        CostSection.write(md, run);
        return md.toString();
    }

    private static void assertContains(final String text, final String part) {
        assertTrue(text.contains(part), "missing:\n  " + part + "\nin:\n" + text);
    }
}
