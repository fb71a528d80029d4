package dev.serialboost.agent;

import dev.serialboost.it.engine.WarmCopies;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;

/**
 * The engine's per-object paths once they are warm (generated field copies, byte-array reads, and on JDK 17 the
 * patched {@code java.io.Bits}): {@link WarmCopies} writes and reads hundreds of rounds of every engine subject and
 * a class of every primitive type in one stream. With the agent in its default mode, the stream's bytes and the
 * graphs read back (first and last round, the last also by {@code readUnshared}) equal those without it, and the
 * runtime did generate the copy for the primitive class.
 */
class EngineWarmIT {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void warmStreamsAreByteForByteAndGraphForGraphAsWithoutTheAgent(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).run(WarmCopies.class);
        // the probe reflects on the installed runtime's internals, which java.base keeps from every other class:
        // the test opens them to itself
        JvmResult agent = JvmRunner.on(jdk).jvmArgs("--add-opens", "java.base/java.io=ALL-UNNAMED").withAgent("")
                .run(WarmCopies.class);
        List<String> problems = new ArrayList<>(agent.stderrProblems());
        List<String> p = plain.stdoutLines();
        List<String> a = agent.stdoutLines();
        if (p.size() != 4 || !p.get(0).startsWith("write sha256=") || !p.get(1).startsWith("read first=")
                || !p.get(3).equals("probe: no runtime")) {
            throw plain.fail("test bug: unexpected output without the agent");
        }
        if (a.size() != 4 || !a.subList(0, 3).equals(p.subList(0, 3))) {
            problems.add("the stream or the graphs read differ from those without the agent:\n      without: "
                    + p.subList(0, 3) + "\n      with:    " + a);
        }
        if (a.size() == 4 && !a.get(3).equals("probe: generated=true")) {
            problems.add("the engine did not generate the field copy of the primitive class: " + a.get(3));
        }
        if (!problems.isEmpty()) {
            throw agent.fail(jdk + ":\n  - " + String.join("\n  - ", problems) + "\n" + plain.describe());
        }
    }
}
