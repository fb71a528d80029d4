package dev.serialboost.bench.report;

import dev.serialboost.bench.AgentMode;

/** A column of the report: who serialized, in the order the tables show them. */
enum Column {
    NO_AGENT("no agent", AgentMode.OFF),
    DEFAULT("agent default (engine)", AgentMode.DEFAULT),
    RECORD("agent default + record-classes", AgentMode.RECORD),
    STATS("agent default + stats", AgentMode.STATS),
    CONVERTED("convert=all + engine", AgentMode.CONVERTED),
    CONVERTED_FIELDS("convert=all, per-field + engine", AgentMode.CONVERTED_FIELDS),
    CONVERTED_NO_ENGINE("convert=all, engine=false", AgentMode.CONVERTED_NO_ENGINE),
    HANDWRITTEN("hand-written Externalizable", null),
    KRYO("Kryo", null),
    FORY("Fory", null);

    /** The column's heading. */
    final String label;
    /** The agent mode of its JVMs; {@code null} for the reference rows, which run without the agent. */
    final AgentMode mode;

    Column(final String label, final AgentMode mode) {
        this.label = label;
        this.mode = mode;
    }

    /** The agent's modes: a ratio against no agent goes next to their times. */
    boolean agent() {
        return mode != null && mode.agent();
    }

    static Column of(final AgentMode mode) {
        for (Column c : values()) {
            if (c.mode == mode) {
                return c;
            }
        }
        throw new IllegalArgumentException("no column for mode " + mode);
    }
}
