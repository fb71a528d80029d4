package dev.serialboost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.serialboost.it.loaderlab.LoaderLeaks;
import dev.serialboost.it.loaderlab.LoaderSuite;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;

/**
 * Every object read has the class and defining loader plain JDK gives it, under loaders laid out as an application
 * server's ({@link LoaderSuite}: parent, child and sibling loaders, readers of different loaders on one stream, class
 * code reading with {@code defaultReadObject}, {@code readFields}, {@code readExternal}, nested streams, validation
 * callbacks, {@code readResolve} to another loader, proxies, serialized lambdas, the JDK's collections, threads),
 * cold and after thousands of reads; and no loader stays reachable longer than without the agent ({@link
 * LoaderLeaks}). In the default mode and with {@code convert=all}, on every tested JDK, each compared line by line with
 * the same program's run without the agent.
 */
class LoaderExactnessIT {

    /** Rounds of every case between the cold and the warm lines: about 3,000 reads. */
    private static final String WARM_ROUNDS = "40";
    private static final String[] LEAK_JVM = {"-Xmx256m", "-XX:SoftRefLRUPolicyMSPerMB=0"};
    /** The scenarios of {@link LoaderLeaks}, each a "collected" line. */
    private static final int LEAK_SCENARIOS = 5;

    @ParameterizedTest(name = "{0} agent={1}")
    @MethodSource("dev.serialboost.agent.BothModes#onEveryJdk")
    void everyObjectHasTheClassAndLoaderPlainJdkGivesIt(final Jdk jdk, final String mode) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).run(LoaderSuite.class, WARM_ROUNDS);
        JvmResult agent = JvmRunner.on(jdk).withAgent(mode).run(LoaderSuite.class, WARM_ROUNDS);
        if (!mode.isEmpty() && agent.summary().converted() == 0) {
            throw agent.fail("nothing was converted");
        }
        assertSameLines(plain, agent);
    }

    @ParameterizedTest(name = "{0} agent={1}")
    @MethodSource("dev.serialboost.agent.BothModes#onEveryJdk")
    void everyLoaderIsCollectedOnceDropped(final Jdk jdk, final String mode) {
        assertEveryLoaderCollected(jdk, mode);
    }

    /**
     * With statistics on, whose per-thread record of top-level operations outlives one that throws: the same loaders
     * are collected as without the agent, the failed write's included.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void statisticsKeepNoLoader(final Jdk jdk) {
        assertEveryLoaderCollected(jdk, "stats=true");
    }

    /**
     * {@link LoaderLeaks} without the agent and with {@code settings}: every scenario's loader collected in both runs,
     * and both runs print the same lines.
     */
    private static void assertEveryLoaderCollected(final Jdk jdk, final String settings) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).jvmArgs(LEAK_JVM).run(LoaderLeaks.class);
        JvmResult agent = JvmRunner.on(jdk).jvmArgs(LEAK_JVM).withAgent(settings).run(LoaderLeaks.class);
        for (JvmResult run : List.of(plain, agent)) {
            List<String> collected = run.stdoutLines().stream().filter(l -> l.startsWith("collected ")).toList();
            if (collected.size() != LEAK_SCENARIOS || !collected.stream().allMatch(l -> l.endsWith(": yes"))) {
                throw run.fail("a loader was not collected");
            }
        }
        assertSameLines(plain, agent);
    }

    private static void assertSameLines(final JvmResult plain, final JvmResult agent) {
        List<String> expected = plain.stdoutLines();
        List<String> actual = agent.stdoutLines();
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
            String e = i < expected.size() ? expected.get(i) : "<none>";
            String a = i < actual.size() ? actual.get(i) : "<none>";
            if (!e.equals(a)) {
                differences.add("without the agent: " + e + "\n   with the agent: " + a);
            }
        }
        if (!differences.isEmpty()) {
            throw agent.fail(differences.size() + " of " + expected.size() + " lines differ:\n"
                    + String.join("\n", differences));
        }
        assertEquals(expected, actual);
    }
}
