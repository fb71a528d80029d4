package dev.serialboost.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.bench.AgentMode;
import dev.serialboost.bench.BenchRunner.Profile;
import dev.serialboost.bench.Workload;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The runner's command line: the defaults, every option, and the exact words of its errors. */
class RunSettingsTest {

    @Test
    void theDefaultsAreAQuickRunOfEverythingOnTheRunningJdk() {
        RunSettings s = RunSettings.parse(new String[0]);
        assertEquals(Profile.QUICK, s.profile());
        assertEquals(new Timing(1, 5, 1000, 5, 500), s.timing());
        assertEquals(Path.of("agent/target/serialboost-agent.jar").toAbsolutePath(), s.agentJar());
        assertEquals(Path.of("bench/target/bench-results").toAbsolutePath(), s.results());
        assertEquals(Path.of("docs").toAbsolutePath(), s.docs());
        assertEquals(List.of(Workload.values()), s.workloads());
        assertEquals("\\w+", s.methods());
        assertEquals(List.of(), s.jdks());
        assertEquals(List.of(AgentMode.values()), s.modes());
        assertEquals(RunSettings.OTHER_JDK_MODES, s.otherJdkModes());
        assertTrue(s.reference() && !s.skipCost() && !s.reportOnly() && !s.costOnly());
        assertEquals("BenchRunner ", s.command());
        assertEquals(7, s.classLoadingRounds());
    }

    @Test
    void takesTheProfileTheTimingsTheModesAndTheJdks() {
        RunSettings s = RunSettings.parse(new String[] {"--profile", "full", "--workloads", "Order,Sample",
            "--docs", "none", "--skip-cost"});
        assertEquals(Profile.FULL, s.profile());
        assertEquals(new Timing(2, 3, 1000, 5, 1000), s.timing());
        assertEquals(List.of(Workload.Order, Workload.Sample), s.workloads());
        assertTrue(s.docs() == null && s.skipCost() && s.reference());
        assertEquals(List.of(AgentMode.values()), s.modes());
        assertEquals(List.of(AgentMode.OFF, AgentMode.DEFAULT, AgentMode.CONVERTED), s.otherJdkModes());
        assertEquals(List.of(), s.jdks(), "the running JDK");
        assertThrows(IllegalArgumentException.class, () -> RunSettings.parse(new String[] {"--fast"}));

        RunSettings t = RunSettings.parse(new String[] {"--jdks", "17,21", "--jdk", "/opt/jdk-25",
            "--forks", "1", "--warmup", "3", "--iterations", "4", "--iteration-ms", "500",
            "--modes", "default,off", "--other-jdk-modes", "off,default", "--skip-reference"});
        assertEquals(List.of("17", "21", "/opt/jdk-25"), t.jdks());
        assertEquals(new Timing(1, 3, 500, 4, 500), t.timing());
        assertEquals(List.of(AgentMode.OFF, AgentMode.DEFAULT), t.modes(), "sorted, off first");
        assertTrue(!t.reference());
        IllegalArgumentException noBaseline = assertThrows(IllegalArgumentException.class,
                () -> RunSettings.parse(new String[] {"--modes", "default"}));
        assertTrue(noBaseline.getMessage().contains("lack 'off'"), noBaseline.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RunSettings.parse(new String[] {"--forks", "0"}));
    }

    @Test
    void costOnlyTakesTheProfilesClassLoadingRoundsUnlessTold() {
        RunSettings s = RunSettings.parse(new String[] {"--cost-only", "--docs", "none"});
        assertTrue(s.costOnly() && !s.skipCost());
        assertEquals(Profile.QUICK.classLoadingRounds(), s.classLoadingRounds());
        assertEquals(9, RunSettings.parse(new String[] {"--cost-only", "--class-loading-rounds", "9"})
                .classLoadingRounds());
        assertThrows(IllegalArgumentException.class,
                () -> RunSettings.parse(new String[] {"--class-loading-rounds", "0"}));
    }

    @Test
    void theJdksKeepTheirCommandLineOrderAndTheLastValueOfAnOptionWins() {
        RunSettings s = RunSettings.parse(new String[] {"--jdks", "17,21", "--jdk", "/x", "--jdks", "25",
            "--profile", "smoke", "--profile", "full", "--iteration-ms", "200", "--command", "./bench.sh --full"});
        assertEquals(List.of("17", "21", "/x", "25"), s.jdks());
        assertEquals(Profile.FULL, s.profile());
        assertEquals(new Timing(2, 3, 200, 5, 200), s.timing(), "--iteration-ms sets warm-up and measurement");
        assertEquals("./bench.sh --full", s.command());
        assertEquals(21, s.classLoadingRounds());
        assertEquals(List.of(AgentMode.OFF, AgentMode.CONVERTED), RunSettings.parse(new String[] {"--modes",
            "converted, off,converted"}).modes(), "each once, trimmed");
        assertNull(RunSettings.parse(new String[] {"--docs", "none"}).docs());
        assertEquals("BenchRunner --skip-cost --report-only",
                RunSettings.parse(new String[] {"--skip-cost", "--report-only"}).command());
    }

    @Test
    void saysWhichArgumentItCannotTake() {
        assertError("unknown argument '--fast'", "--fast");
        assertError("unknown argument '--forks=3'", "--forks=3");
        assertError("unknown argument '--'", "--");
        assertError("unknown argument 'x'", "x");
        assertError("unknown argument '--prof'", "--prof", "quick");
        assertError("--forks needs a value", "--forks");
        assertError("--forks needs a whole number of at least 1, not '0'", "--forks", "0");
        assertError("--warmup needs a whole number of at least 0, not '-1'", "--warmup", "-1");
        assertError("--iteration-ms needs a whole number of at least 10, not 'x'", "--iteration-ms", "x");
        assertError("No enum constant dev.serialboost.bench.BenchRunner.Profile.BOGUS", "--profile", "bogus");
        assertError("No enum constant dev.serialboost.bench.Workload.Nope", "--workloads", "Nope");
        assertError("the modes default,converted lack 'off', the baseline of every ratio", "--other-jdk-modes",
                "default,converted");
        assertError("unknown agent mode 'bogus'; known: [off, default, record, stats, converted, converted-fields,"
                + " converted-no-engine]", "--modes", "bogus");
        // left to right: the first argument it cannot take
        assertError("unknown argument '--fast'", "--forks", "2", "--fast", "--forks", "0");
        // a value is the next argument, whatever it looks like
        assertError("--forks needs a whole number of at least 1, not '--skip-cost'", "--forks", "--skip-cost");
    }

    @Test
    void everyOptionOfTheUsageIsAccepted() {
        Matcher option = Pattern.compile("--[a-z-]+").matcher(RunSettings.USAGE);
        int options = 0;
        while (option.find()) {
            String name = option.group();
            String value = switch (name) {
                case "--profile" -> "smoke";
                case "--modes", "--other-jdk-modes" -> "off";
                case "--workloads" -> "Order";
                case "--forks", "--warmup", "--iterations", "--iteration-ms", "--class-loading-rounds" -> "10";
                case "--skip-reference", "--skip-cost", "--cost-only", "--report-only" -> null;
                default -> "text";
            };
            RunSettings.parse(value == null ? new String[] {name} : new String[] {name, value});
            options++;
        }
        assertEquals(20, options);
    }

    private static void assertError(final String message, final String... args) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> RunSettings.parse(args))
                .getMessage());
    }
}
