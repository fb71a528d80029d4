package dev.serialboost.agent;

import dev.serialboost.it.powers.RuntimeReach;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;

/**
 * No new powers (issue 33): application code can neither reflect on the installed runtime's members (its method
 * handles into {@code java.io}, its caches, the hand-over from the agent) nor, through any of its public members
 * called with hostile arguments, change a JDK descriptor, a private field, a later stream; and {@code java.base} opens
 * and exports nothing to the application. Both modes, every tested JDK; the same program without the agent finds no
 * runtime at all.
 */
class RuntimePowersIT {

    @ParameterizedTest(name = "{0} agent={1}")
    @MethodSource("dev.serialboost.agent.BothModes#onEveryJdk")
    void applicationCodeGainsNoPowerOverTheRuntime(final Jdk jdk, final String mode) {
        jdk.assumeInstalled();
        String jar = JvmRunner.agentJar().toString();
        JvmResult plain = JvmRunner.on(jdk).run(RuntimeReach.class, jar);
        if (!plain.stdout().strip().equals("no runtime installed")) {
            throw plain.fail("without the agent there is no runtime to reach");
        }
        JvmResult agent = JvmRunner.on(jdk).withAgent(mode).run(RuntimeReach.class, jar);
        List<String> lines = agent.stdoutLines();
        String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        if (lines.size() != 1 || !last.endsWith(" findings=0") || last.contains("runtime classes=0")
                || last.contains("hostile calls=0")) {
            throw agent.fail("application code reached into the runtime");
        }
        if (!agent.stderrProblems().isEmpty()) {
            throw agent.fail("the hostile calls made the agent print problems");
        }
    }
}
