package dev.serialboost.bench;

import java.io.Externalizable;
import java.util.Arrays;
import java.util.List;

/**
 * The three ways the same {@code Serializable} workload classes run: without the agent, and with the agent's
 * converted format ({@code convert=all}, which is opt-in) with the per-field body ({@code bulk=off}) or with the
 * bulk body (the converted format's default). {@link BenchRunner} starts
 * every benchmark JVM with {@code -Dbench.agent=<mode>}, and every benchmark's set-up calls {@link #verify}:
 * a JVM whose workload classes were not converted as its mode promises fails its fork, and so the run.
 */
public enum AgentMode {
    /** No {@code -javaagent}: plain JDK serialization. */
    OFF("off", "JDK, no agent"),
    /** {@code -javaagent} with {@code convert=all} and a rules file {@code include ** bulk=off}: per-field bodies only. */
    FIELDS("fields", "agent, per-field body"),
    /** {@code -javaagent} with {@code convert=all}: all-primitive class levels as one bulk record (bulk's default). */
    BULK("bulk", "agent, bulk body (default)");

    /** The system property naming the mode of a benchmark JVM. */
    public static final String PROPERTY = "bench.agent";

    private final String id;
    private final String label;

    AgentMode(final String id, final String label) {
        this.id = id;
        this.label = label;
    }

    /** The value of {@link #PROPERTY}; also how results and reports name the mode. */
    public String id() {
        return id;
    }

    /** How the report names the mode. */
    public String label() {
        return label;
    }

    public boolean agent() {
        return this != OFF;
    }

    public static AgentMode of(final String id) {
        for (AgentMode m : values()) {
            if (m.id.equals(id)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown agent mode '" + id + "'; known: "
                + Arrays.stream(values()).map(AgentMode::id).toList());
    }

    /** The mode this JVM was started in, or {@code null} when it was not started by {@link BenchRunner}. */
    public static AgentMode current() {
        String id = System.getProperty(PROPERTY);
        return id == null ? null : of(id);
    }

    /**
     * Fails unless the classes are converted exactly when this JVM's mode says the agent is on. Does nothing
     * in a JVM without {@link #PROPERTY} (someone running {@code benchmarks.jar} by hand).
     */
    public static void verify(final List<Class<?>> classes) {
        AgentMode mode = current();
        if (mode == null) {
            return;
        }
        for (Class<?> c : classes) {
            if (Externalizable.class.isAssignableFrom(c) != mode.agent()) {
                throw new IllegalStateException(c.getName() + (mode.agent()
                        ? " was not converted by the agent, but this JVM runs in agent mode '" + mode.id
                          + "' (is -javaagent missing, or did the agent refuse its configuration?)"
                        : " is Externalizable in agent mode 'off': is an agent attached through"
                          + " JAVA_TOOL_OPTIONS or SERIALBOOST_* variables?"));
            }
        }
    }
}
