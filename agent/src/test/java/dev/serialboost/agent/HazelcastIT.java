package dev.serialboost.agent;

import dev.serialboost.it.hazelcast.CacheApp;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A framework that special-cases {@code Externalizable}, used as its users use it: an embedded Hazelcast member's
 * {@code IMap} caches an order whose lines refer back to it ({@link CacheApp}). With the agent, in the default mode
 * and with {@code convert=all}, the same graph comes back (the back-references point at the order that came back,
 * not at copies), the classes look as they did ({@code externalizable=false}), and with {@code convert=all} they are
 * converted, so Hazelcast's Java serialization carries them in the converted format.
 */
class HazelcastIT {

    private static final String BACK =
            "order o-1 copy=true lines: apple@1.25 backToOrder=true pear@1.25 backToOrder=true";

    /** What Hazelcast asks its users to add (it warns on stderr otherwise); the application's flags, not ours. */
    private static final String[] HAZELCAST_FLAGS = {"--add-modules", "java.se",
        "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
        "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.management/sun.management=ALL-UNNAMED",
        "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED"};

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void anImapGivesBackTheSameGraphWithTheAgentInBothModes(final Jdk jdk) {
        jdk.assumeInstalled();
        Path[] jars = {JvmRunner.locationOf(com.hazelcast.core.Hazelcast.class)};
        JvmResult plain = JvmRunner.on(jdk).jvmArgs(HAZELCAST_FLAGS).classpath(jars).run(CacheApp.class);
        if (!plain.stdoutLines().get(0).equals(BACK)) {
            throw plain.fail("test bug: without the agent the cache should give back " + BACK);
        }
        List<String> problems = new ArrayList<>();
        for (String settings : List.of("", "convert=all")) {
            String mode = settings.isEmpty() ? "default mode" : settings;
            JvmResult agent = JvmRunner.on(jdk).jvmArgs(HAZELCAST_FLAGS).classpath(jars).withAgent(settings)
                    .run(CacheApp.class);
            if (!agent.stdoutLines().get(0).equals(BACK)) {
                problems.add(mode + ": the cache gave back " + agent.stdoutLines().get(0));
            }
            String converted = " externalizable=false converted=" + !settings.isEmpty();
            List<String> kinds = List.of("kind Order" + converted, "kind Line" + converted);
            if (!agent.stdoutLines().subList(1, agent.stdoutLines().size()).equals(kinds)) {
                problems.add(mode + ": expected " + kinds + ", got " + agent.stdoutLines());
            }
            for (String line : agent.stderrLinesAddedTo(plain)) {
                problems.add(mode + ": stderr line not in the run without the agent: " + line);
            }
        }
        if (!problems.isEmpty()) {
            throw plain.fail(jdk + ":\n  - " + String.join("\n  - ", problems));
        }
    }
}
