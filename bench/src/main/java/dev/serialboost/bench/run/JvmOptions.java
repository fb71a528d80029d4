package dev.serialboost.bench.run;

import dev.serialboost.bench.AgentMode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM options of a mode's self-check and benchmark JVMs. The default mode's JVMs get
 * {@code -javaagent:serialboost-agent.jar} and nothing else. The converting modes add a rules file that keeps JMH's
 * own classes plain ({@code exclude org.openjdk.jmh.**}): JMH sends results from the fork to its host JVM, which runs
 * without the agent, with Java serialization, and a converted class is {@code Externalizable} on the wire
 * (docs/compatibility.md). It keeps commons-lang3 plain too ({@code exclude org.apache.commons.lang3.**}), a library
 * of the benchmarks' class path whose classes a user converting their own would leave alone.
 */
final class JvmOptions {

    /** JVM options of every benchmark fork, agent or not (the benchmarks' {@code @Fork} defaults). */
    static final List<String> FORK_OPTIONS = List.of("-Xms2g", "-Xmx2g");

    private final RunSettings settings;

    JvmOptions(final RunSettings settings) {
        this.settings = settings;
    }

    /**
     * The agent option of {@code mode} (verbose: with the agent's per-class lines), {@code -Dbench.agent=<mode>} and
     * {@link #FORK_OPTIONS}.
     */
    List<String> of(final AgentMode mode, final boolean verbose) throws IOException {
        List<String> options = new ArrayList<>();
        String agent = agentOption(mode, verbose);
        if (agent != null) {
            options.add(agent);
        }
        options.add("-D" + AgentMode.PROPERTY + "=" + mode.id());
        options.addAll(FORK_OPTIONS);
        return options;
    }

    /**
     * {@code -javaagent:...} for a mode: {@code null} without the agent, the bare jar for the default (no settings at
     * all), the recording's file in the results for {@code record}, the mode's settings with the rules file and {@code
     * summary=true} for the converting modes.
     */
    private String agentOption(final AgentMode mode, final boolean verbose) throws IOException {
        if (!mode.agent()) {
            return null;
        }
        String option = "-javaagent:" + settings.agentJar();
        if (mode == AgentMode.RECORD) {
            // the mode's file, in the results: every fork of the mode rewrites it (atomically) as it runs and exits
            String file = mode.settings().substring(mode.settings().indexOf('=') + 1);
            return option + "=record-classes=" + settings.results().toAbsolutePath().resolve(file);
        }
        if (!mode.converts()) {
            return mode.settings().isEmpty() ? option : option + "=" + mode.settings();
        }
        return option + "=config=" + rulesFile(mode) + "," + mode.settings() + ",summary=true"
                + (verbose ? ",verbose=true" : "");
    }

    /** The rules file of a converting mode: JMH's classes stay plain; per-field mode switches the bulk body off. */
    private Path rulesFile(final AgentMode mode) throws IOException {
        Path file = settings.results().resolve("agent-" + mode.id() + ".conf");
        String text = "# written by BenchRunner for the '" + mode.id() + "' benchmark JVMs\n"
                + "# JMH's own result classes cross its fork -> host link, whose host JVM has no agent:"
                + " keep them plain\n"
                + "exclude org.openjdk.jmh.**\n"
                + "# a library the application does not own (CloneBenchmark's client), left as it is, as a user would\n"
                + "exclude org.apache.commons.lang3.**\n"
                + (mode == AgentMode.CONVERTED_FIELDS
                        ? "# the per-field body everywhere: no bulk record\ninclude ** bulk=off\n"
                        : "# everything else converted (convert=all, given with the file), bulk body on\n");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }
}
