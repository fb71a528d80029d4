package dev.serialboost.agent;

import dev.serialboost.it.safety.FreshDescriptors;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;

/**
 * Issue 33 (1), DESIGN.md invariant 5: the class descriptors a stream's hooks receive are new objects per stream,
 * with the agent as without it. {@link FreshDescriptors} has two tenants share a resolver that caches by descriptor
 * object (each tenant must get its own class, warm), and counts the descriptors and fields that overriding
 * {@code resolveClass}/{@code readClassDescriptor} receive in more than one stream (none may). The output must be the
 * same line for line with and without the agent.
 */
class DescriptorFreshnessIT {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void hooksReceiveNewDescriptorsPerStreamAsWithoutTheAgent(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).run(FreshDescriptors.class);
        JvmResult agent = JvmRunner.on(jdk).withAgent("").run(FreshDescriptors.class);
        List<String> lines = plain.stdoutLines();
        for (int round = 0; round < FreshDescriptors.STREAMS; round++) {
            if (!lines.contains("tenants round " + round + " tenant2 read dev.serialboost.it.safety.tenant2.Widget")) {
                throw plain.fail("test bug: without the agent, tenant2 does not get its own class");
            }
        }
        if (lines.stream().filter(l -> l.startsWith("fresh ") && l.contains(" in-several-streams=0 ")
                && l.contains(" fields-in-several-streams=0 ") && !l.contains(" received=0 ")).count() != 2) {
            throw plain.fail("test bug: without the agent, the hooks do not see new descriptors per stream");
        }
        if (!agent.stdoutLines().equals(lines)) {
            throw agent.fail(jdk + ": the hooks saw other descriptors with the agent than without it\n"
                    + plain.describe());
        }
        if (!agent.stderrProblems().isEmpty()) {
            throw agent.fail(jdk + ": unexpected stderr " + agent.stderrProblems());
        }
    }
}
