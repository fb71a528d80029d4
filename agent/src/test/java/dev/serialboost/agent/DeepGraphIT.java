package dev.serialboost.agent;

import dev.serialboost.it.deep.DeepChain;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The engine layer nests no deeper than the JDK: a singly linked chain as long as plain JDK writes and reads on a
 * thread's stack also writes and reads with the agent on the same stack ({@link DeepChain} finds the longest chain
 * both ways). The JVMs run interpreted ({@code -Xint}): then the depth follows from the frames each nesting level
 * takes and is the same on every run, while with the JIT it depends on what was compiled by then (on JDK 17 the
 * same program's write limit ranged from 459 to 595 links between runs without the agent).
 */
class DeepGraphIT {

    private static final String STACK_KIB = "512";

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void chainsAsDeepAsPlainJdkWritesAndReadsWorkWithTheEngine(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).jvmArgs("-Xint").run(DeepChain.class, STACK_KIB);
        JvmResult agent = JvmRunner.on(jdk).jvmArgs("-Xint").withAgent("").run(DeepChain.class, STACK_KIB);
        int[] without = limits(plain);
        int[] with = limits(agent);
        if (without[0] < 100 || without[1] < 100) {
            throw plain.fail("test bug? plain JDK manages only " + plain.stdout().strip());
        }
        if (with[0] < without[0] || with[1] < without[1]) {
            throw agent.fail(jdk + ": with the agent " + agent.stdout().strip() + ", without "
                    + plain.stdout().strip());
        }
    }

    /** The {@code write N read M} line as {N, M}. */
    private static int[] limits(final JvmResult r) {
        String[] words = r.stdout().strip().split(" ");
        if (words.length != 4 || !words[0].equals("write") || !words[2].equals("read")) {
            throw r.fail("expected 'write N read M'");
        }
        return new int[] {Integer.parseInt(words[1]), Integer.parseInt(words[3])};
    }
}
