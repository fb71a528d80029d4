package dev.serialboost.agent;

import dev.serialboost.it.deep.DeepChain;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;

/**
 * The engine layer nests no deeper than the JDK: a singly linked chain as long as plain JDK writes and reads on a
 * thread's stack also writes and reads with the agent on the same stack, give or take the one level below ({@link
 * DeepChain} finds the longest chain both ways). The JVMs run interpreted ({@code -Xint}): then the depth follows from
 * the frames each nesting level takes and is the same on every run, while with the JIT it depends on what was compiled
 * by then (on JDK 17 the same program's write limit ranged from 459 to 595 links between runs without the agent).
 *
 * <p>Each level must take no more stack than without the agent: measured on two stack sizes, the levels the larger one
 * adds are as many as without the agent, but for rounding. Once, at the deepest object, the engine's per-object helpers
 * (a big-endian {@code Unsafe} access where the JDK 17 code stores byte by byte, a generated field copy, a read of a
 * byte array's fields) are a call or two deeper than the JDK's own leaf code when interpreted: that may cost the one
 * level whose frames end within those few hundred bytes, never more (compiled, the calls are intrinsics and inlined:
 * {@code -Xcomp} limits are the same with and without these helpers).
 */
class DeepGraphIT {

    private static final String SMALL_KIB = "256";
    private static final String LARGE_KIB = "1024";

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void chainsAsDeepAsPlainJdkWritesAndReadsWorkWithTheEngine(final Jdk jdk) {
        jdk.assumeInstalled();
        int[][] without = new int[2][];
        int[][] with = new int[2][];
        JvmResult last = null;
        String[] sizes = {SMALL_KIB, LARGE_KIB};
        StringBuilder seen = new StringBuilder();
        for (int i = 0; i < sizes.length; i++) {
            JvmResult plain = JvmRunner.on(jdk).jvmArgs("-Xint").run(DeepChain.class, sizes[i]);
            JvmResult agent = JvmRunner.on(jdk).jvmArgs("-Xint").withAgent("").run(DeepChain.class, sizes[i]);
            without[i] = limits(plain);
            with[i] = limits(agent);
            if (without[i][0] < 100 || without[i][1] < 100) {
                throw plain.fail("test bug? plain JDK manages only " + plain.stdout().strip());
            }
            seen.append(sizes[i]).append(" KiB: with the agent ").append(agent.stdout().strip()).append(", without ")
                    .append(plain.stdout().strip()).append("; ");
            last = agent;
        }
        List<String> problems = new ArrayList<>();
        for (int side = 0; side < 2; side++) {
            String what = side == 0 ? "write" : "read";
            for (int i = 0; i < sizes.length; i++) {
                if (with[i][side] < without[i][side] - 1) {
                    problems.add(what + " on " + sizes[i] + " KiB: more than one level short of plain JDK");
                }
            }
            // each limit is a whole number of levels, so the levels added can differ by one from rounding alone;
            // one stack slot (8 bytes) more per level would lose about 13 of the ~1,150 levels added here
            if (with[1][side] - with[0][side] < without[1][side] - without[0][side] - 1) {
                problems.add(what + ": each level takes more stack than without the agent (the larger stack adds "
                        + (with[1][side] - with[0][side]) + " levels, without the agent "
                        + (without[1][side] - without[0][side]) + ")");
            }
        }
        if (!problems.isEmpty()) {
            throw last.fail(jdk + ": " + seen + String.join("; ", problems));
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
