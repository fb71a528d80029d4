package dev.serialboost.agent;

import dev.serialboost.it.engine.EngineConcurrency;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The engine's caches under concurrency: many threads read and write, at once, classes of one name from several
 * class loaders ({@link EngineConcurrency}). With the agent, as without it, every object read is of its reading
 * loader's class with the fields written, and every stream is the bytes written on one thread.
 */
class EngineConcurrencyIT {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void threadsAndLoadersGetTheirOwnClassesAndBytes(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).run(EngineConcurrency.class);
        JvmResult agent = EngineRuns.withAgent(JvmRunner.on(jdk), EngineConcurrency.class);
        String expected = "threads=8 loaders=4 reads=3200 problems=0";
        assertEquals(List.of(expected), plain.stdoutLines(), () -> plain.fail("test bug: without the agent").getMessage());
        assertEquals(List.of(expected), agent.stdoutLines(), () -> agent.fail("with the agent").getMessage());
    }
}
