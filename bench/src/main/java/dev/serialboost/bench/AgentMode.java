package dev.serialboost.bench;

import java.util.Arrays;
import java.util.List;

/**
 * The ways the same plain {@code Serializable} workload classes run: without the agent; with the agent as it
 * comes, no settings at all (its default: the engine layer only, nothing converted, the same bytes on the wire), and
 * so with {@code record-classes} on, for what recording costs, and with {@code stats=true}, for what statistics cost;
 * and with its opt-in converted format ({@code convert=all}), with the engine layer (bulk body, or per-field body
 * with {@code bulk=off}) and without it ({@code engine=false}), so that the two layers can be told apart.
 *
 * <p>{@link BenchRunner} starts every benchmark JVM with {@code -Dbench.agent=<mode>}, and every benchmark's set-up
 * calls {@link #verify}: a JVM whose workload classes were not converted as its mode promises fails its fork, and
 * so the run. Whether the engine layer is on is checked by the runner, from the agent's start-up line of every
 * fork.
 */
public enum AgentMode {
    /** No {@code -javaagent}: plain JDK serialization. */
    OFF("off", "no agent", false, false, null),
    /** {@code -javaagent} with no settings: the engine layer, nothing converted, byte-identical streams. */
    DEFAULT("default", "agent default (engine)", true, false, ""),
    /**
     * {@code record-classes=FILE}: the default with the recording of what is deserialized on ({@code docs/filters.md});
     * the runner gives a file in the results directory. Same bytes as the default.
     */
    RECORD("record", "agent default + record-classes", true, false, "record-classes=recorded-classes.txt"),
    /**
     * {@code stats=true}: the default with its statistics on ({@code docs/statistics.md}), for what they cost. Same
     * bytes as the default.
     */
    STATS("stats", "agent default + stats", true, false, "stats=true"),
    /** {@code convert=all}: the converted format, bulk body for all-primitive levels, engine layer on. */
    CONVERTED("converted", "convert=all + engine", true, true, "convert=all"),
    /** {@code convert=all} with a rules file {@code include ** bulk=off}: per-field bodies only, engine on. */
    CONVERTED_FIELDS("converted-fields", "convert=all, per-field body + engine", true, true, "convert=all"),
    /** {@code convert=all,engine=false}: the converted format alone, {@code java.io} unpatched. */
    CONVERTED_NO_ENGINE("converted-no-engine", "convert=all, engine=false", false, true,
            "convert=all,engine=false");

    /** The system property naming the mode of a benchmark JVM. */
    public static final String PROPERTY = "bench.agent";

    private final String id;
    private final String label;
    private final boolean engine;
    private final boolean converts;
    private final String settings;

    AgentMode(final String id, final String label, final boolean engine, final boolean converts,
              final String settings) {
        this.id = id;
        this.label = label;
        this.engine = engine;
        this.converts = converts;
        this.settings = settings;
    }

    /** The value of {@link #PROPERTY}; also how results and reports name the mode. */
    public String id() {
        return id;
    }

    /** How the report names the mode. */
    public String label() {
        return label;
    }

    /** Whether the JVM runs with {@code -javaagent}. */
    public boolean agent() {
        return settings != null;
    }

    /** Whether the agent's engine layer is on in this mode. */
    public boolean engine() {
        return engine;
    }

    /** Whether the workload classes are converted (given the generated {@code $sb$write} body) in this mode. */
    public boolean converts() {
        return converts;
    }

    /**
     * The agent settings that make this mode, as the user would write them ({@code ""} for the default, {@code null}
     * without the agent); the runner adds its rules file and {@code summary=true} to the converting modes.
     */
    public String settings() {
        return settings;
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
     * Fails unless the classes are converted exactly when this JVM's mode says they are. Does nothing in a JVM
     * without {@link #PROPERTY} (someone running {@code benchmarks.jar} by hand).
     */
    public static void verify(final List<Class<?>> classes) {
        AgentMode mode = current();
        if (mode == null) {
            return;
        }
        for (Class<?> c : classes) {
            if (converted(c) != mode.converts()) {
                throw new IllegalStateException(c.getName() + (mode.converts()
                        ? " was not converted by the agent, but this JVM runs in agent mode '" + mode.id
                          + "' (is -javaagent missing, or did the agent refuse its configuration?)"
                        : " is converted in agent mode '" + mode.id + "', which converts nothing: is an agent"
                          + " configured through JAVA_TOOL_OPTIONS or SERIALBOOST_* variables?"));
            }
        }
    }

    /**
     * Whether the agent converted the class: it then has the synthetic {@code $sb$write} body (a converted class
     * keeps its interfaces, so it is not {@code Externalizable}).
     */
    static boolean converted(final Class<?> c) {
        for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
            if (m.isSynthetic() && m.getName().equals("$sb$write")) {
                return true;
            }
        }
        return false;
    }
}
