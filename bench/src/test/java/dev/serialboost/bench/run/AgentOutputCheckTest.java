package dev.serialboost.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.bench.AgentMode;
import dev.serialboost.bench.BenchJdk;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.regex.Matcher;

/** The agent's lines as the runner reads them, and what it accepts from a mode's JVMs. */
class AgentOutputCheckTest {

    private static final String STARTED_DEFAULT = "[serialboost] serialboost 0.1.0 active in 41 ms (engine: on;"
            + " config: no config file; converting: none)\n";
    private static final String STARTED_CONVERTING = "[serialboost] serialboost 0.1.0 active in 90 ms (engine: on;"
            + " config: /x.conf (agent argument config); converting: all eligible classes)\n";

    @Test
    void theRunnerReadsTheAgentsStartUpLine() {
        Matcher m = AgentOutputCheck.STARTUP_LINE.matcher("[serialboost] serialboost 0.1.0-SNAPSHOT active"
                + " in 41 ms (engine: on; config: no config file; converting: none)");
        assertTrue(m.find());
        assertEquals("41", m.group(1));
        assertEquals("on", m.group(2));
        assertEquals("none", m.group(4));
        assertEquals("", m.group(5));
        m = AgentOutputCheck.STARTUP_LINE.matcher("[serialboost] serialboost 0.1.0 active in 90 ms (engine: off;"
                + " config: /x.conf (agent argument config); converting: all eligible classes); engine layer is off:"
                + " why");
        assertTrue(m.find());
        assertEquals("off", m.group(2));
        assertEquals("all eligible classes", m.group(4));
        assertEquals("; engine layer is off: why", m.group(5));
    }

    @Test
    void theRunnerFindsTheAgentSummaryLineInJmhOutput() {
        String jmhOutput = "Iteration   1: 1184.171 ns/op\n[serialboost] summary: converted=4 skipped=43 errors=0"
                + " transform-ms=72 (excluded-by-config=42)\n";
        Matcher m = AgentOutputCheck.SUMMARY.matcher(jmhOutput);
        assertTrue(m.find());
        assertEquals("4", m.group(1));
        assertEquals("0", m.group(3));
        assertEquals("72", m.group(4));
        // JMH can relay the end of the line after its own text
        m = AgentOutputCheck.RELAYED_SUMMARY.matcher("Iteration   3: [serialboost] summary: converted=5 skipped=41"
                + " errors=0 transform-37047.381 ns/op");
        assertTrue(m.find());
        assertEquals("5", m.group(1));
    }

    @Test
    void eachModesJvmsMustStartAsTheModeSays() {
        RunRecord record = new RunRecord();
        AgentOutputCheck check = new AgentOutputCheck(Path.of("results"), record);
        BenchJdk jdk = BenchJdk.current();
        check.check(jdk, AgentMode.OFF, "Iteration 1: 5 ns/op\n", 1, "benchmark forks");
        check.check(jdk, AgentMode.DEFAULT, STARTED_DEFAULT + STARTED_DEFAULT, 2, "benchmark forks");
        String summary = "[serialboost] summary: converted=5 skipped=41 errors=0 transform-ms=30\n";
        check.check(jdk, AgentMode.CONVERTED, STARTED_CONVERTING + summary, 1, "self-check");
        check.check(jdk, AgentMode.CONVERTED, STARTED_CONVERTING + summary + STARTED_CONVERTING + summary, 2,
                "benchmark forks");
        assertEquals("1", record.get("agent." + jdk.feature() + ".converted.selfcheck.jvms"));
        assertEquals("2", record.get("agent." + jdk.feature() + ".converted.forks.jvms"));

        assertFails("printed agent lines, without the agent", AgentMode.OFF, STARTED_DEFAULT, 1);
        assertFails("expected 2 agent start-up line(s)", AgentMode.DEFAULT, STARTED_DEFAULT, 2);
        assertFails("but the mode wants the engine on and nothing converted", AgentMode.DEFAULT,
                STARTED_CONVERTING, 1);
        assertFails("printed agent lines besides the start-up line", AgentMode.DEFAULT,
                STARTED_DEFAULT + "[serialboost] something else\n", 1);
        assertFails("the agent reported errors=2", AgentMode.CONVERTED, STARTED_CONVERTING
                + "[serialboost] summary: converted=5 skipped=41 errors=2 transform-ms=30\n", 1);
        assertFails("expected 1 agent summary line(s)", AgentMode.CONVERTED, STARTED_CONVERTING, 1);
        assertFails("converted no class at all", AgentMode.CONVERTED, STARTED_CONVERTING
                + "[serialboost] summary: converted=0 skipped=41 errors=0 transform-ms=30\n", 1);
        assertFails("the agent reported a problem", AgentMode.CONVERTED, "[serialboost] error: boom\n", 1);
    }

    private static void assertFails(final String part, final AgentMode mode, final String output, final int jvms) {
        AgentOutputCheck check = new AgentOutputCheck(Path.of("results"), new RunRecord());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> check.check(BenchJdk.current(), mode, output, jvms, "benchmark forks"));
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }
}
