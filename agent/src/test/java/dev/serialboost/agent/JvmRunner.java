package dev.serialboost.agent;

import static org.junit.jupiter.api.Assertions.fail;

import dev.serialboost.testing.Jdk;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts an application in a separate JVM, the way OpenTelemetry's {@code IntegrationTestUtils.runOnSeparateJvm}
 * does: {@code <jdk>/bin/java}, the given JVM arguments, a class path, a main class and its arguments; a 60 s
 * timeout; stdout and stderr captured in full (and saved under {@code target/it-runs/}).
 *
 * <p>{@link #run} requires exit code 0. When the run has the agent ({@link #withAgent}), the agent is always
 * started with {@code summary=true} and the run must end with the agent's summary line reporting
 * {@code errors=0}: every end-to-end test thereby counts transformation errors and requires none
 * (OpenTelemetry's {@code TestAgentListener} idea). Every failure message carries the command and both outputs.
 *
 * <p>The child class path is the agent module's test classes (the apps under {@code dev.serialboost.it}) and
 * the transformer's test classes (the corpus), nothing else unless asked: in particular not the agent's own
 * classes, the transformer or ASM, so that the only serialboost code in the child is the real shaded jar.
 */
public final class JvmRunner {

    public static final Duration TIMEOUT = Duration.ofSeconds(60);
    static final String PREFIX = "[serialboost] ";
    private static final AtomicInteger RUNS = new AtomicInteger();

    static {
        // one directory per test JVM: outputs of earlier suites would mix with this one's under the same labels
        deleteRecursively(runsDirectory());
    }
    /** Settings that would leak into the child from the environment and change what it prints. */
    private static final List<String> SCRUBBED_ENV = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    /** What the run's stderr must show about the agent. */
    enum AgentExpectation {
        /** No agent, or one whose output the test checks itself ({@link #withAgentAsGiven}): no check. */
        NONE,
        /** The agent runs: a summary line with errors=0 must appear. */
        ACTIVE,
        /** The agent refuses to start (configuration error): no summary line may appear. */
        INACTIVE
    }

    private final Jdk jdk;
    private final List<String> jvmArgs = new ArrayList<>();
    private final List<String> jvmArgsBeforeAgent = new ArrayList<>();
    private final List<Path> classpath = new ArrayList<>();
    private final Map<String, String> env = new LinkedHashMap<>();
    private AgentExpectation agent = AgentExpectation.NONE;
    private String agentOption;

    private JvmRunner(final Jdk jdk) {
        this.jdk = jdk;
        classpath.addAll(testClasspath());
    }

    /** A runner on {@code jdk}; the test must have called {@link Jdk#assumeInstalled()}. */
    public static JvmRunner on(final Jdk jdk) {
        return new JvmRunner(jdk);
    }

    /** The shaded agent jar the failsafe plugin points at; fails when it is missing. */
    public static Path agentJar() {
        String property = System.getProperty("serialboost.agent.jar");
        if (property == null) {
            fail("the system property serialboost.agent.jar is not set; run the ITs through Maven (failsafe)");
        }
        Path jar = Path.of(property);
        if (!Files.isRegularFile(jar)) {
            fail("the agent jar " + jar + " does not exist; run `./mvnw -pl transformer,agent -am verify`");
        }
        return jar;
    }

    /** Where the class file (or jar) of {@code type} comes from. */
    public static Path locationOf(final Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate " + type, e);
        }
    }

    /** This module's test classes and the transformer's test classes (the corpus). */
    static List<Path> testClasspath() {
        List<Path> entries = new ArrayList<>();
        entries.add(locationOf(JvmRunner.class));
        try {
            Path corpus = locationOf(Class.forName("dev.serialboost.corpus.Fixture"));
            if (!entries.contains(corpus)) {
                entries.add(corpus);
            }
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the transformer test-jar (corpus) is not on the test class path", e);
        }
        return entries;
    }

    public JvmRunner jvmArgs(final String... args) {
        jvmArgs.addAll(List.of(args));
        return this;
    }

    /** JVM options given before the agent's {@code -javaagent:} (another agent, whose {@code premain} runs first). */
    public JvmRunner jvmArgsBeforeAgent(final String... args) {
        jvmArgsBeforeAgent.addAll(List.of(args));
        return this;
    }

    public JvmRunner classpath(final Path... extra) {
        classpath.addAll(List.of(extra));
        return this;
    }

    public JvmRunner env(final String name, final String value) {
        env.put(name, value);
        return this;
    }

    /**
     * Starts the child with {@code -javaagent:<shaded jar>=<args>,summary=true}; the run must end with a
     * summary line reporting {@code errors=0}.
     *
     * @param args agent arguments without {@code summary}, may be empty
     */
    public JvmRunner withAgent(final String args) {
        if (args.contains("summary=")) {
            throw new IllegalArgumentException("withAgent always adds summary=true; do not pass it: " + args);
        }
        agentOption = "-javaagent:" + agentJar() + "=" + (args.isEmpty() ? "" : args + ",") + "summary=true";
        agent = AgentExpectation.ACTIVE;
        return this;
    }

    /**
     * Starts the child with {@code -javaagent:<shaded jar>[=args]} and nothing added, for tests of what the agent
     * prints when not asked for more: no summary line is required, the test checks stderr itself.
     */
    public JvmRunner withAgentAsGiven(final String args) {
        agentOption = "-javaagent:" + agentJar() + (args.isEmpty() ? "" : "=" + args);
        agent = AgentExpectation.NONE;
        return this;
    }

    /**
     * Starts the child with {@code -javaagent:<shaded jar>[=args]} where the configuration is expected to be
     * rejected: the agent must stay inactive, so no summary line may appear.
     */
    public JvmRunner withRejectedAgent(final String args) {
        agentOption = "-javaagent:" + agentJar() + (args.isEmpty() ? "" : "=" + args);
        agent = AgentExpectation.INACTIVE;
        return this;
    }

    /** For a child the test attaches the agent to later (with summary=true): require its summary line. */
    public JvmRunner expectAttachedAgent() {
        agent = AgentExpectation.ACTIVE;
        return this;
    }

    /** Runs {@code main} to completion; requires exit code 0 and what {@link #withAgent} promises. */
    public JvmResult run(final Class<?> main, final String... args) {
        return start(main, args).finish();
    }

    /** Starts {@code main} and returns at once, for tests that talk to the running child. */
    public Running start(final Class<?> main, final String... args) {
        List<String> command = new ArrayList<>();
        command.add(jdk.java().toString());
        command.addAll(jvmArgsBeforeAgent);
        if (agentOption != null) {
            command.add(agentOption);
        }
        // a hot implicit exception (a ClassCastException thrown thousands of times) loses its message and stack
        // trace in C2-compiled code; tests compare exceptions with and without the agent, whose JIT timing differs
        command.add("-XX:-OmitStackTraceInFastThrow");
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(String.join(java.io.File.pathSeparator, classpath.stream().map(Path::toString).toList()));
        command.add(main.getName());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(name -> name.startsWith("SERIALBOOST_") || SCRUBBED_ENV.contains(name));
        environment.putAll(env);
        String label = String.format("%03d-%s-%s%s", RUNS.incrementAndGet(), main.getSimpleName(),
                jdk.label().replace(' ', '-'),
                agentOption != null ? "-agent" : agent == AgentExpectation.ACTIVE ? "-attached" : "");
        try {
            return new Running(label, command, env, builder.start(), agent);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** A started child JVM. */
    public static final class Running {
        private final String label;
        private final List<String> command;
        private final Map<String, String> env;
        private final Process process;
        private final AgentExpectation agent;
        private final long deadline;
        private final Collector stdout;
        private final Collector stderr;

        Running(final String label, final List<String> command, final Map<String, String> env, final Process process,
                final AgentExpectation agent) {
            this.label = label;
            this.command = List.copyOf(command);
            this.env = Map.copyOf(env);
            this.process = process;
            this.agent = agent;
            this.deadline = System.nanoTime() + TIMEOUT.toNanos();
            this.stdout = new Collector(process.getInputStream(), label + "-stdout");
            this.stderr = new Collector(process.getErrorStream(), label + "-stderr");
        }

        public long pid() {
            return process.pid();
        }

        /** Waits until stdout holds {@code line} as a whole line; fails (killing the child) on exit or timeout. */
        public void awaitStdoutLine(final String line) {
            while (!stdout.hasLine(line)) {
                if (!process.isAlive() && stdout.done()) {
                    fail("the child exited before printing '" + line + "'\n" + describe(exitCode()));
                }
                if (System.nanoTime() > deadline) {
                    process.destroyForcibly();
                    fail("timed out after " + TIMEOUT.toSeconds() + " s waiting for '" + line + "'\n" + describe(-1));
                }
                stdout.awaitChange(100);
            }
        }

        /** Kills the child, for a test that gives up on it before {@link #finish()}. */
        public void kill() {
            process.destroyForcibly();
        }

        /** Writes to the child's stdin and flushes. */
        public void writeStdin(final String text) {
            try {
                OutputStream in = process.getOutputStream();
                in.write(text.getBytes(StandardCharsets.UTF_8));
                in.flush();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write to the child's stdin\n" + describe(-1), e);
            }
        }

        /** Waits for the exit (60 s from the start), then checks the exit code and the agent's summary. */
        public JvmResult finish() {
            try {
                process.getOutputStream().close();
            } catch (IOException ignored) {
                // the child may have exited already
            }
            boolean exited;
            try {
                exited = process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + label, e);
            }
            if (!exited) {
                process.destroyForcibly();
                stdout.await();
                stderr.await();
                fail("the child did not exit within " + TIMEOUT.toSeconds() + " s and was killed\n" + describe(-1));
            }
            stdout.await();
            stderr.await();
            JvmResult result = new JvmResult(label, command, env, process.exitValue(), stdout.text(), stderr.text());
            result.save();
            if (result.exitCode() != 0) {
                fail("exit code " + result.exitCode() + ", expected 0\n" + result.describe());
            }
            switch (agent) {
                case ACTIVE -> result.assertAgentSummaryWithoutErrors();
                case INACTIVE -> result.assertNoAgentSummary();
                case NONE -> {
                }
            }
            return result;
        }

        private int exitCode() {
            return process.isAlive() ? -1 : process.exitValue();
        }

        private String describe(final int exitCode) {
            return new JvmResult(label, command, env, exitCode, stdout.text(), stderr.text()).describe();
        }
    }

    /** Drains one output stream of the child on a daemon thread. */
    private static final class Collector {
        private final StringBuilder text = new StringBuilder();
        private final Thread thread;
        private boolean done;

        Collector(final InputStream in, final String name) {
            thread = new Thread(() -> drain(in), name);
            thread.setDaemon(true);
            thread.start();
        }

        private void drain(final InputStream in) {
            char[] buffer = new char[8192];
            try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                for (int n; (n = reader.read(buffer)) >= 0; ) {
                    synchronized (this) {
                        text.append(buffer, 0, n);
                        notifyAll();
                    }
                }
            } catch (IOException e) {
                synchronized (this) {
                    text.append("\n<reading this stream failed: ").append(e).append(">\n");
                }
            } finally {
                synchronized (this) {
                    done = true;
                    notifyAll();
                }
            }
        }

        synchronized String text() {
            return text.toString();
        }

        synchronized boolean done() {
            return done;
        }

        synchronized boolean hasLine(final String line) {
            String s = text.toString();
            return s.startsWith(line + "\n") || s.contains("\n" + line + "\n");
        }

        synchronized void awaitChange(final long millis) {
            try {
                wait(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void await() {
            try {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void deleteRecursively(final Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            System.out.println("could not clean " + dir + ": " + e);
        }
    }

    /** Where runs are saved: next to the agent jar ({@code agent/target/it-runs}), else the temp directory. */
    static Path runsDirectory() {
        String jar = System.getProperty("serialboost.agent.jar");
        Path base = jar != null ? Path.of(jar).toAbsolutePath().getParent() : Path.of(System.getProperty("java.io.tmpdir"));
        return base.resolve("it-runs");
    }
}
