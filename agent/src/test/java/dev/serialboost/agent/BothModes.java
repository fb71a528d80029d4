package dev.serialboost.agent;

import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.provider.Arguments;

import java.util.stream.Stream;

/** The arguments of a test run in both of the agent's modes on every tested JDK: (jdk, agent settings). */
final class BothModes {

    /** The agent's default mode (no settings) and {@code convert=all}. */
    static final String[] MODES = {"", "convert=all"};

    private BothModes() {
    }

    /** Each tested JDK with each of {@link #MODES}. */
    static Stream<Arguments> onEveryJdk() {
        return Jdk.all().flatMap(jdk -> Stream.of(MODES).map(mode -> Arguments.of(jdk, mode)));
    }
}
