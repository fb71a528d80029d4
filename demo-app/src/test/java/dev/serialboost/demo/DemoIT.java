package dev.serialboost.demo;

import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * End to end, against the packaged jars: the demo program runs without and with the agent ({@code convert=all},
 * the sample config, and the defaults, which convert nothing) on small counts, and must receive the same data in
 * every run; what the agent did is read from its own report on stderr (verbose lines and the summary), never
 * inferred from timing. Then the same through {@code demo.sh}, including the FAILED paths.
 */
class DemoIT {

    private static final List<String> MESSAGE_CLASSES = List.of("dev.serialboost.demo.market.MarketData",
            "dev.serialboost.demo.market.Order", "dev.serialboost.demo.hr.Employee", "dev.serialboost.demo.lab.Sample");
    private static final List<String> PHASES = List.of("per-message-streams", "long-lived-stream", "journal-file");
    private static final Pattern RESULT = Pattern.compile(
            "^result phase=(\\S+) messages=(\\d+) .* checksum=(\\p{XDigit}{8})\\b", Pattern.MULTILINE);
    private static final Pattern BYTES = Pattern.compile("^result phase=(\\S+) messages=\\d+ bytes=(\\d+) ",
            Pattern.MULTILINE);
    private static final Pattern SUMMARY = Pattern.compile(
            "^\\[serialboost] summary: converted=(\\d+) skipped=(\\d+) errors=(\\d+) .*$", Pattern.MULTILINE);
    private static final long TIMEOUT_SECONDS = 120;

    private static Path agentJar;
    private static Path demoJar;
    private static Path config;
    private static Path script;

    @TempDir
    Path temp;

    @BeforeAll
    static void jars() {
        agentJar = existing("serialboost.agent.jar", "../agent/target/serialboost-agent.jar");
        demoJar = existing("serialboost.demo.jar", "target/serialboost-demo-app.jar");
        config = existing("serialboost.demo.config", "serialboost.conf");
        script = existing("serialboost.demo.script", "../demo.sh");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void theAgentConvertsEveryMessageClassAndTheDataIsTheSame(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        Run off = run(List.of(jdk.java().toString(), "-jar", demoJar.toString(), "--quick"), Map.of());
        Run on = run(List.of(jdk.java().toString(), "-javaagent:" + agentJar + "=convert=all,verbose=true,summary=true",
                "-jar", demoJar.toString(), "--quick"), Map.of());

        off.assertSucceeded();
        on.assertSucceeded();
        assertFalse(off.stderr.contains("[serialboost]"), "the run without the agent:\n" + off);
        assertEquals(off.checksums(), on.checksums(), "checksums without and with the agent");

        for (String name : MESSAGE_CLASSES) {
            assertTrue(on.stderr.contains("[serialboost] " + name + " converted ("),
                    "the agent reports " + name + " converted:\n" + on);
        }
        Matcher summary = on.summary();
        assertTrue(Integer.parseInt(summary.group(1)) >= MESSAGE_CLASSES.size(), summary.group());
        assertEquals("0", summary.group(3), "errors in " + summary.group());
        assertNoWarnings(on);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void theSampleConfigKeepsSamplePlainAndTheDataIsTheSame(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        Run off = run(List.of(jdk.java().toString(), "-jar", demoJar.toString(), "--quick"), Map.of());
        Run on = run(List.of(jdk.java().toString(), "-javaagent:" + agentJar + "=config=" + config
                + ",verbose=true,summary=true", "-jar", demoJar.toString(), "--quick"), Map.of());

        off.assertSucceeded();
        on.assertSucceeded();
        assertEquals(off.checksums(), on.checksums(), "checksums without the agent and with the sample config");
        assertTrue(on.stderr.contains("[serialboost] dev.serialboost.demo.lab.Sample skipped: it is excluded by the"
                + " configuration (" + config + " line "), "Sample excluded by the config:\n" + on);
        for (String name : MESSAGE_CLASSES.subList(0, 3)) {
            assertTrue(on.stderr.contains("[serialboost] " + name + " converted ("), name + " converted:\n" + on);
        }
        Matcher summary = on.summary();
        assertEquals("0", summary.group(3), "errors in " + summary.group());
        assertTrue(summary.group().contains("excluded-by-config=1"), summary.group());
        assertNoWarnings(on);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void theAgentsDefaultsConvertNothingAndTheBytesAreTheSame(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        Run off = run(List.of(jdk.java().toString(), "-jar", demoJar.toString(), "--quick"), Map.of());
        Run on = run(List.of(jdk.java().toString(), "-javaagent:" + agentJar + "=verbose=true,summary=true",
                "-jar", demoJar.toString(), "--quick"), Map.of());

        off.assertSucceeded();
        on.assertSucceeded();
        assertEquals(off.checksums(), on.checksums(), "checksums without the agent and with its defaults");
        assertEquals(off.bytes(), on.bytes(), "bytes on the socket and in the file per phase, without the agent and"
                + " with its defaults:\n" + on);
        // verbose: besides the start-up line and the summary, a line per JDK class the engine patched, none per class
        // of the application (nothing is converted)
        List<String> lines = on.stderr.lines().filter(l -> !l.startsWith("[serialboost] engine: patched java.io."))
                .toList();
        assertTrue(on.stderr.contains("[serialboost] engine: patched java.io.ObjectOutputStream as it loaded"), on.stderr);
        assertEquals(2, lines.size(), "only the start-up line, the engine's patched classes and the summary:\n" + on);
        assertTrue(lines.get(0).matches("\\[serialboost] serialboost \\S+ active in \\d+ ms \\(engine: on; config: no config file;"
                + " converting: none\\)"), lines.get(0));
        assertEquals("[serialboost] summary: converted=0 skipped=0 errors=0 transform-ms=0", lines.get(1));
    }

    @ParameterizedTest(name = "demo.sh --quick {0}")
    @ValueSource(strings = {"", "--convert", "--config"})
    void theDemoScriptComparesBothRuns(final String option) throws Exception {
        Run demo = script(option.isEmpty() ? List.of() : List.of(option), javaHome());

        demo.assertSucceeded();
        assertFalse(demo.stdout.contains("FAILED"), demo.toString());
        assertTrue(demo.stdout.contains("OK: both runs received exactly the same data"), demo.toString());
        for (String phase : List.of("1 stream per message", "2 long-lived stream", "3 journal + replay")) {
            assertTrue(Pattern.compile("^" + Pattern.quote(phase) + " .* (\\p{XDigit}{8}) \\1 same$",
                    Pattern.MULTILINE).matcher(demo.stdout).find(), "a table row for " + phase + ":\n" + demo);
        }
        assertTrue(demo.stdout.contains("  [serialboost] summary: converted="), "the agent's summary:\n" + demo);
        assertTrue(demo.stdout.contains("(engine: on; "), "the engine layer is on:\n" + demo);
        if (option.isEmpty()) {
            // the default mode keeps the wire format: the same bytes per message in every phase
            Matcher bytes = Pattern.compile("bytes per message, off -> on: (.*)\\.").matcher(demo.stdout);
            assertTrue(bytes.find(), demo.toString());
            for (String phase : bytes.group(1).split(", ")) {
                String[] offOn = phase.substring(phase.indexOf(' ') + 1).split(" -> ");
                assertEquals(offOn[0], offOn[1], "bytes per message in phase " + phase + ":\n" + demo);
            }
            assertTrue(demo.stdout.contains("[serialboost] summary: converted=0 "), demo.toString());
        }
        if (option.equals("--convert")) {
            assertFalse(demo.stdout.contains("summary: converted=0 "), "classes converted:\n" + demo);
        }
        if (option.equals("--config")) {
            assertTrue(demo.stdout.contains("dev.serialboost.demo.lab.Sample skipped: it is excluded by the"
                    + " configuration"), demo.toString());
        }
    }

    /** A {@code java} that passes everything to the real one, but breaks the run with the agent. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"checksum", "exit"})
    void theDemoScriptFailsLoudly(final String breakage) throws Exception {
        Path home = temp.resolve("broken-jdk");
        Files.createDirectories(home.resolve("bin"));
        String realJava = javaHome().resolve("bin/java").toString();
        String broken = breakage.equals("checksum")
                ? "\"$REAL_JAVA\" \"$@\" | sed 's/checksum=./checksum=x/'"
                : "\"$REAL_JAVA\" \"$@\"; exit 3";
        Path java = home.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\ncase \"$*\" in\n  *-javaagent:*) " + broken + " ;;\n"
                + "  *) exec \"$REAL_JAVA\" \"$@\" ;;\nesac\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));

        Run demo = script(List.of(), home, Map.of("REAL_JAVA", realJava));

        assertEquals(1, demo.status, "exit status of demo.sh:\n" + demo);
        String last = demo.stdout.strip().lines().reduce((a, b) -> b).orElse("");
        String expected = breakage.equals("checksum")
                ? "FAILED: checksums differ: 1 stream per message, 2 long-lived stream, 3 journal + replay"
                : "FAILED: the run 'agent on (default)' exited with status 3";
        assertEquals(expected, last, "the last line of demo.sh:\n" + demo);
        assertFalse(demo.stdout.contains("OK:"), demo.toString());
    }

    private static void assertNoWarnings(final Run run) {
        for (String line : run.stderr.lines().toList()) {
            assertFalse(line.startsWith("[serialboost] warning:") || line.startsWith("[serialboost] error:")
                    || line.startsWith("WARNING"), "no warnings in the agent run; got: " + line + "\n" + run);
        }
        assertFalse(run.stderr.contains("stay unconverted"), "the agent is fully active:\n" + run);
    }

    private static Path javaHome() {
        return Path.of(System.getProperty("java.home"));
    }

    private Run script(final List<String> options, final Path javaHome) throws Exception {
        return script(options, javaHome, Map.of());
    }

    private Run script(final List<String> options, final Path javaHome, final Map<String, String> env)
            throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/bash"))
                || Files.isExecutable(Path.of("/usr/bin/bash")), "demo.sh needs bash");
        List<String> command = new ArrayList<>(List.of("bash", script.toString(), "--quick", "--no-build"));
        command.addAll(options);
        Map<String, String> environment = new LinkedHashMap<>(env);
        environment.put("JAVA_HOME", javaHome.toString());
        return run(command, environment);
    }

    private Run run(final List<String> command, final Map<String, String> env) throws Exception {
        Path dir = Files.createTempDirectory(temp, "run");
        Path out = dir.resolve("stdout");
        Path err = dir.resolve("stderr");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            fail("no exit within " + TIMEOUT_SECONDS + " s: " + String.join(" ", command));
        }
        return new Run(command, process.exitValue(), Files.readString(out), Files.readString(err));
    }

    record Run(List<String> command, int status, String stdout, String stderr) {
        void assertSucceeded() {
            assertEquals(0, status, "exit status of " + this);
        }

        Map<String, String> checksums() {
            Map<String, String> checksums = new LinkedHashMap<>();
            Matcher m = RESULT.matcher(stdout);
            while (m.find()) {
                assertNotEquals("0", m.group(2), m.group());
                checksums.put(m.group(1), m.group(3));
            }
            assertEquals(PHASES, List.copyOf(checksums.keySet()), "phases reported by " + this);
            return checksums;
        }

        /** Bytes on the socket or in the file, per phase. */
        Map<String, String> bytes() {
            Map<String, String> bytes = new LinkedHashMap<>();
            Matcher m = BYTES.matcher(stdout);
            while (m.find()) {
                bytes.put(m.group(1), m.group(2));
            }
            assertEquals(PHASES, List.copyOf(bytes.keySet()), "phases reported by " + this);
            return bytes;
        }

        Matcher summary() {
            Matcher m = SUMMARY.matcher(stderr);
            assertTrue(m.find(), "the agent's summary line in " + this);
            return m;
        }

        @Override
        public String toString() {
            return String.join(" ", command) + "\n(exit status " + status + ")\n--- stdout ---\n" + stdout
                    + "--- stderr ---\n" + stderr;
        }
    }

    private static Path existing(final String property, final String fallback) {
        Path path = Path.of(System.getProperty(property, fallback)).toAbsolutePath().normalize();
        if (!Files.exists(path)) {
            fail(path + " does not exist (system property " + property + "); run this test through"
                    + " `./mvnw verify`, which packages the agent and the demo first");
        }
        return path;
    }
}
