package dev.serialboost.bench;

import java.lang.instrument.Instrumentation;

/**
 * An agent that does nothing: what the JVM itself charges for {@code -javaagent} (it resolves the module graph
 * anew, with {@code java.instrument}, instead of the one archived for class-data sharing, and opens the agent jar).
 * {@link BenchRunner}'s start-up measurement ({@code run.StartupMeasurement}) writes a jar with only a manifest naming
 * this class; the class comes from the class path.
 */
public final class EmptyAgent {

    private EmptyAgent() {
    }

    public static void premain(final String args, final Instrumentation inst) {
        // nothing: the row measures the JVM's cost of an agent, not an agent's
    }
}
