package dev.serialboost.agent;

import dev.serialboost.testing.Jdk;
import dev.serialboost.it.engine.HostileStreams;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;

/**
 * Whatever the engine layer remembers about class descriptors stays bounded against hostile streams:
 * {@link HostileStreams} reads, in a 64 MB heap, streams naming 100,000 distinct classes that do not exist and
 * 20,000 streams describing one class in 20,000 ways. With the agent every read must end as without it, the JVM
 * must not run out of memory, and the heap in use after a full GC may exceed the run without the agent by at most
 * {@value #ALLOWANCE_KB} KB (without the agent it is about 24 MB, mostly the class-loading locks the application
 * class loader keeps for every name it was asked for).
 */
class EngineBoundsIT {

    /** How much more heap the agent's run may retain: room for bounded caches, far from one entry per name. */
    static final long ALLOWANCE_KB = 8 * 1024;

    private static final String HEAP_LINE = "heap-used-after-gc-kb=";

    /** A small heap; C1 only, which halves the time of these short runs (the main report runs with C2). */
    private static final String[] OPTIONS = {"-Xmx64m", "-XX:TieredStopAtLevel=1"};

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void hostileStreamsEndAsWithoutTheAgentInABoundedHeap(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).jvmArgs(OPTIONS).run(HostileStreams.class);
        JvmResult agent = EngineRuns.withAgent(JvmRunner.on(jdk).jvmArgs(OPTIONS), HostileStreams.class);
        List<String> without = plain.stdoutLines();
        if (without.stream().noneMatch(l -> l.contains("outcomes={java.lang.ClassNotFoundException=10000}"))
                || without.stream().noneMatch(l -> l.startsWith("variants ") && l.contains("ok=10006"))) {
            throw plain.fail("test bug: the hostile streams did not end as the test expects without the agent");
        }
        EngineRuns.assertSameReport(jdk + ", hostile streams", outcomes(without), outcomes(agent.stdoutLines()),
                plain, agent, null, null);
        long plainKb = heapKb(plain);
        long agentKb = heapKb(agent);
        if (agentKb > plainKb + ALLOWANCE_KB) {
            throw agent.fail(jdk + ": after the hostile streams the agent's JVM retains " + agentKb + " KB of heap,"
                    + " the JVM without the agent " + plainKb + " KB; allowed: " + ALLOWANCE_KB + " KB more");
        }
    }

    private static List<String> outcomes(final List<String> lines) {
        return lines.stream().filter(l -> !l.startsWith(HEAP_LINE)).toList();
    }

    private static long heapKb(final JvmResult run) {
        return run.stdoutLines().stream().filter(l -> l.startsWith(HEAP_LINE)).findFirst()
                .map(l -> Long.parseLong(l.substring(HEAP_LINE.length())))
                .orElseThrow(() -> run.fail("no " + HEAP_LINE + " line"));
    }
}
