package dev.serialboost.demo;

import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * {@code java -jar serialboost-agent.jar stats PID} against a running demo application started without the agent:
 * it loads the agent with statistics on, prints the table with the demo's classes and the engine's rates, and
 * detaches; the demo runs on (it would for hours), and its stderr has the agent's lines only. {@code --json} is one
 * JSON object.
 */
class StatsCommandIT {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void statsAttachesReportsAndTheJvmRunsOn(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        Path demo = existing("serialboost.demo.jar", "target/serialboost-demo-app.jar");
        ProcessBuilder target = new ProcessBuilder(jdk.java().toString(), "-XX:+EnableDynamicAgentLoading", "-jar",
                demo.toString(), "--rounds", "100000", "--messages", "20000");
        Path err = java.nio.file.Files.createTempFile("demo", ".err");
        Process app = target.redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            Thread.sleep(1500);
            String table = stats(jdk, app.pid(), "--seconds", "2");
            for (String expected : new String[] {"serialboost statistics of JVM " + app.pid(),
                "java.io.ObjectOutputStream", "java.io.ObjectInputStream", "dev.serialboost.demo.market.MarketData",
                "descriptors written from templates", "classes resolved from the cache"}) {
                if (!table.contains(expected)) {
                    throw new AssertionError(jdk + ": no '" + expected + "' in\n" + table);
                }
            }
            String json = stats(jdk, app.pid(), "--seconds", "1", "--json");
            if (!json.startsWith("{\"pid\":" + app.pid()) || !json.contains("\"name\":\"dev.serialboost.demo.market"
                    + ".MarketData\"") || !json.strip().endsWith("}")) {
                throw new AssertionError(jdk + ": --json gave\n" + json);
            }
            Thread.sleep(500);
            if (!app.isAlive()) {
                throw new AssertionError(jdk + ": the demo stopped: " + java.nio.file.Files.readString(err));
            }
            String stderr = java.nio.file.Files.readString(err);
            for (String line : stderr.split("\n")) {
                if (!line.isEmpty() && !line.startsWith("[serialboost] ")) {
                    throw new AssertionError(jdk + ": the demo's stderr has a line not of the agent: " + line);
                }
            }
            if (!stderr.contains("statistics: on (MBean dev.serialboost:type=Statistics)")
                    || !stderr.contains("[serialboost] already active in this JVM; statistics: on already")) {
                throw new AssertionError(jdk + ": the agent's lines: " + stderr);
            }
        } finally {
            app.destroyForcibly();
            java.nio.file.Files.deleteIfExists(err);
        }
    }

    private static Path existing(final String property, final String fallback) {
        Path path = Path.of(System.getProperty(property, fallback)).toAbsolutePath().normalize();
        if (!java.nio.file.Files.exists(path)) {
            throw new AssertionError(path + " does not exist (system property " + property + "); run this test"
                    + " through `./mvnw verify`, which packages the agent and the demo first");
        }
        return path;
    }

    private static String stats(final Jdk jdk, final long pid, final String... options) throws Exception {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(jdk.java().toString(), "-jar",
                existing("serialboost.agent.jar", "../agent/target/serialboost-agent.jar").toString(), "stats",
                String.valueOf(pid)));
        command.addAll(java.util.List.of(options));
        Process stats = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(stats.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!stats.waitFor(60, TimeUnit.SECONDS) || stats.exitValue() != 0) {
            throw new AssertionError(jdk + ": stats failed: " + output);
        }
        return output;
    }
}
