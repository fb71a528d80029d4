package dev.serialboost.agent.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.agent.config.AgentConfig;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

class CommandLineTest {

    @Test
    void withoutACommandItSaysHowToUseTheJarWithEverySetting() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, CommandLine.run(List.of(), "serialboost 9.9", new PrintStream(out, true,
                StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        String usage = out.toString(StandardCharsets.UTF_8);
        assertTrue(usage.startsWith("serialboost 9.9 is a Java agent. Attach it with:\n"), usage);
        assertTrue(usage.contains("Settings: " + String.join(", ", AgentConfig.SETTINGS) + " (see"), usage);
        assertTrue(usage.contains("scan --convert all --write-rules serialboost.conf your-app.jar\n"), usage);
        assertTrue(!usage.contains("{"), "every placeholder filled: " + usage);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void scanWithoutAnythingToScanIsAnError() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = CommandLine.run(List.of("scan"), "serialboost 9.9", new PrintStream(out, true,
                StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(exit, Scan.run(List.of(), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(new ByteArrayOutputStream())));
        assertTrue(exit != 0, "exit " + exit);
    }
}
