package dev.serialboost.agent;

import dev.serialboost.it.StreamFlags;
import dev.serialboost.it.deep.DeepChain;
import dev.serialboost.it.deep.DeepEvolvedChain;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The agent nests no deeper than the JDK, in both modes: a singly linked chain as long as plain JDK writes and reads
 * on a thread's stack also writes and reads with the agent on the same stack, with the engine layer alone and with
 * {@code convert=all}, give or take the one level below ({@link DeepChain} finds the longest chain both ways). The JVMs
 * run interpreted ({@code -Xint}): then the depth follows from the frames each nesting level takes and is the same on
 * every run, while with the JIT it depends on what was compiled by then (on JDK 17 the same program's write limit
 * ranged from 459 to 595 links between runs without the agent).
 *
 * <p>Each level must take no more stack than without the agent: measured on two stack sizes, the levels the larger one
 * adds are as many as without the agent, but for rounding. Once, at the deepest object, the engine's per-object helpers
 * (a big-endian {@code Unsafe} access where the JDK 17 code stores byte by byte, a generated field copy, a read of a
 * byte array's fields) are a call or two deeper than the JDK's own leaf code when interpreted: that may cost the one
 * level whose frames end within those few hundred bytes, never more (compiled, the calls are intrinsics and inlined:
 * {@code -Xcomp} limits are the same with and without these helpers). In the converted format a level takes fewer
 * frames than in the plain one ({@code writeObject0}, {@code writeOrdinaryObject}, {@code writeExternalData},
 * {@code writeObject} against {@code writeObject0}, {@code writeOrdinaryObject}, {@code writeSerialData},
 * {@code defaultWriteFields}; reading likewise), so its chains go deeper than plain JDK's (about 17% under
 * {@code -Xint} on 17/21/25); the same one level of tolerance covers its leaf, where the runtime and the generated body
 * write or read the last object's data. An {@code Externalizable} class's objects keep the JDK's own call in the
 * patched method, in the frame's size as the JDK made it: they nest exactly as without the agent.
 *
 * <p>None of the runs may print {@code java.lang.instrument ASSERTION FAILED}: the JDK's instrumentation code prints
 * it when the class-file transformer's call fails, as it does when a class loads on a nearly exhausted stack.
 */
class DeepGraphIT {

    private static final String SMALL_KIB = "256";
    private static final String LARGE_KIB = "1024";
    /**
     * Interpreted; and with HotSpot's verifier on for the boot loader's classes, which it otherwise trusts, so the
     * patched {@code java.io} methods (the converted format's loops carry stack-map frames of their own) must pass it:
     * a {@code VerifyError} leaves the converted format off, which the test sees as the chain's class not converted.
     */
    private static final String[] JVM_ARGS = {"-Xint", "-XX:+UnlockDiagnosticVMOptions",
        "-XX:+BytecodeVerificationLocal"};
    /** The agent's modes: the engine layer alone (no config), and the converted format too. */
    private static final String[] MODES = {"", "convert=all"};

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void chainsAsDeepAsPlainJdkWritesAndReadsWorkWithTheAgent(final Jdk jdk) {
        jdk.assumeInstalled();
        String[] sizes = {SMALL_KIB, LARGE_KIB};
        int[][] without = new int[sizes.length][];
        int[][][] with = new int[MODES.length][sizes.length][];
        JvmResult last = null;
        StringBuilder seen = new StringBuilder();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            JvmResult plain = JvmRunner.on(jdk).jvmArgs(JVM_ARGS).run(DeepChain.class, sizes[i]);
            without[i] = limits(plain);
            if (without[i][0] < 100 || without[i][1] < 100) {
                throw plain.fail("test bug? plain JDK manages only " + plain.stdout().strip());
            }
            seen.append(sizes[i]).append(" KiB: without the agent ").append(plain.stdout().strip());
            for (int m = 0; m < MODES.length; m++) {
                JvmResult agent = JvmRunner.on(jdk).jvmArgs(JVM_ARGS).withAgent(MODES[m]).run(DeepChain.class,
                        sizes[i]);
                with[m][i] = limits(agent);
                seen.append(", ").append(mode(m)).append(' ').append(agent.stdout().strip());
                if (!MODES[m].isEmpty() && agent.summary().converted() == 0) {
                    problems.add(mode(m) + " on " + sizes[i] + " KiB: the chain's class was not converted");
                }
                if (agent.stderr().contains("ASSERTION FAILED")) {
                    problems.add(mode(m) + " on " + sizes[i] + " KiB: the JVM printed an instrument ASSERTION FAILED");
                }
                last = agent;
            }
            seen.append("; ");
        }
        for (int m = 0; m < MODES.length; m++) {
            for (int side = 0; side < 2; side++) {
                String what = mode(m) + " " + (side == 0 ? "write" : "read");
                for (int i = 0; i < sizes.length; i++) {
                    if (with[m][i][side] < without[i][side] - 1) {
                        problems.add(what + " on " + sizes[i] + " KiB: more than one level short of plain JDK");
                    }
                }
                // each limit is a whole number of levels, so the levels added can differ by one from rounding alone;
                // one stack slot (8 bytes) more per level would lose about 13 of the ~1,150 levels added here
                int added = with[m][1][side] - with[m][0][side];
                int addedWithout = without[1][side] - without[0][side];
                if (added < addedWithout - 1) {
                    problems.add(what + ": each level takes more stack than without the agent (the larger stack adds "
                            + added + " levels, without the agent " + addedWithout + ")");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw last.fail(jdk + ": " + seen + String.join("; ", problems));
        }
    }

    /**
     * In {@code convert=all} mode the patched methods hold a loop around an {@code Externalizable} object's own call:
     * a chain of an {@code Externalizable} class nests as deep as without the agent (on the smaller stack only: the
     * frames per level are the JDK's, as the larger stack of the test above shows for the loop's frame), in both
     * modes; and the stack overflow that ends it, which passes the JDK's {@code catch (EOFException)} of block-data
     * reading, prints no instrument ASSERTION FAILED (it did in the default mode while that class was first loaded
     * there, through the engine's transformer).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void externalizableChainsAsDeepAsPlainJdkWorkWithTheAgent(final Jdk jdk) {
        chainOfKindAsDeepAsPlainJdk(jdk, "externalizable", "Externalizable chain", SMALL_KIB, MODES);
    }

    /**
     * A chain of a class with its own {@code writeObject} and {@code readObject} (calling {@code defaultWriteObject}
     * and {@code defaultReadObject}), which the JDK calls by reflection and the engine ({@code custom method calls})
     * by reflection too, from a frame of its own instead of the descriptor's: as deep as without the agent, give or
     * take the one level below (on a larger stack: plain JDK 21 manages fewer than 100 such levels on the smaller
     * one), in both modes. An earlier version of the engine called such methods through a method handle, whose
     * frames took more stack than JDK 17's reflection (1,456 levels against 1,500 on 2 MiB); the converted format
     * once wrote and read such a level's default part from frames of its own (JDK 17, 256 KiB: write 82 and read 64
     * levels against 118 and 110), where the patched {@code defaultWriteObject}/{@code defaultReadObject} now write
     * and read each reference themselves.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void chainsOfClassesWithTheirOwnMethodsAsDeepAsPlainJdkWorkWithTheAgent(final Jdk jdk) {
        chainOfKindAsDeepAsPlainJdk(jdk, "custom", "chain with writeObject/readObject", LARGE_KIB, MODES);
    }

    /**
     * Lists nested in lists: {@code ArrayList}'s own methods, which the engine calls directly (a generated nestmate
     * of the class, one frame where reflection takes four): as deep as without the agent at least, in both modes (on
     * the larger stack: plain JDK 21 manages fewer than 100 such levels on the smaller one).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void nestedListsAsDeepAsPlainJdkWorkWithTheAgent(final Jdk jdk) {
        chainOfKindAsDeepAsPlainJdk(jdk, "list", "nested ArrayLists", LARGE_KIB, MODES);
    }

    private static void chainOfKindAsDeepAsPlainJdk(final Jdk jdk, final String kind, final String label,
                                                    final String kib, final String[] modes) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).jvmArgs(JVM_ARGS).run(DeepChain.class, kib, kind);
        int[] without = limits(plain);
        if (without[0] < 100 || without[1] < 100) {
            throw plain.fail("test bug? plain JDK manages only " + plain.stdout().strip());
        }
        for (String agentMode : modes) {
            JvmResult agent = JvmRunner.on(jdk).jvmArgs(JVM_ARGS).withAgent(agentMode).run(DeepChain.class, kib, kind);
            int[] with = limits(agent);
            if (!agentMode.isEmpty() && !kind.equals("list") && agent.summary().converted() == 0) {
                throw agent.fail(jdk + ", " + label + ": the chain's class was not converted (" + agentMode + ")");
            }
            if (with[0] < without[0] - 1 || with[1] < without[1] - 1 || agent.stderr().contains("ASSERTION FAILED")) {
                throw agent.fail(jdk + ", " + kib + " KiB, " + label + ": with the agent ("
                        + (agentMode.isEmpty() ? "engine" : agentMode) + ") " + agent.stdout().strip()
                        + ", without it " + plain.stdout().strip()
                        + " (at most one level short, no instrument ASSERTION FAILED)");
            }
        }
    }

    /** The chain's class as one version writes it: {@code value} and the link. */
    private static final String OLD_LINK = """
            package dev.serialboost.it.deep.gen;

            public class EvoLink implements java.io.Serializable {
                private static final long serialVersionUID = 7L;
                public int value;
                public EvoLink next;
            }
            """;
    /** The other version: a primitive and a reference field more, between the two. */
    private static final String NEW_LINK = """
            package dev.serialboost.it.deep.gen;

            public class EvoLink implements java.io.Serializable {
                private static final long serialVersionUID = 7L;
                public int value;
                public long added;
                public String label;
                public EvoLink next;
            }
            """;

    /**
     * Class evolution: a chain written by one version of its class and read into another (a primitive and a
     * reference field added, or, the other way, removed), so every link's data is of another shape than the reader's
     * class, reads with {@code convert=all} as deep as plain JDK reads the same chain on the same stack, give or take
     * the one level below, in both directions ({@link DeepEvolvedChain} finds the longest chain that reads). A field
     * the reader lacks is read and dropped at each link: a string, so one nesting level deeper than the link at most.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void evolvedChainsAsDeepAsPlainJdkReadsReadWithTheAgent(final Jdk jdk, @TempDir final Path dir) {
        jdk.assumeInstalled();
        Path old = LegacySources.compile(dir.resolve("old"), Map.of(DeepEvolvedChain.LINK, OLD_LINK));
        Path grown = LegacySources.compile(dir.resolve("new"), Map.of(DeepEvolvedChain.LINK, NEW_LINK));
        List<String> problems = new ArrayList<>();
        StringBuilder seen = new StringBuilder();
        JvmResult last = null;
        for (Path[] direction : new Path[][] {{old, grown}, {grown, old}}) {
            String label = direction[0] == old ? "old writes, new reads" : "new writes, old reads";
            String[] args = {SMALL_KIB, direction[0].toString(), direction[1].toString()};
            JvmResult plain = JvmRunner.on(jdk).jvmArgs(JVM_ARGS).run(DeepEvolvedChain.class, args);
            JvmResult agent = JvmRunner.on(jdk).jvmArgs(JVM_ARGS).withAgent("convert=all")
                    .run(DeepEvolvedChain.class, args);
            last = agent;
            String[] without = plain.stdout().strip().split(" ");
            String[] with = agent.stdout().strip().split(" ");
            seen.append(label).append(": without the agent ").append(plain.stdout().strip()).append(", with it ")
                    .append(agent.stdout().strip()).append("; ");
            if (without.length != 4 || with.length != 4 || !without[0].equals("read") || !with[0].equals("read")) {
                throw agent.fail("expected 'read N flags F', without the agent: " + plain.stdout().strip());
            }
            if (Integer.parseInt(without[1]) < 100) {
                throw plain.fail("test bug? plain JDK reads only " + plain.stdout().strip());
            }
            if (!with[3].equals(StreamFlags.CONVERTED_LAYOUT)) {
                problems.add(label + ": the chain was not written in the converted layout");
            }
            if (Integer.parseInt(with[1]) < Integer.parseInt(without[1]) - 1) {
                problems.add(label + ": more than one level short of plain JDK");
            }
            if (agent.stderr().contains("ASSERTION FAILED")) {
                problems.add(label + ": the JVM printed an instrument ASSERTION FAILED");
            }
        }
        if (!problems.isEmpty()) {
            throw last.fail(jdk + ", " + SMALL_KIB + " KiB: " + seen + String.join("; ", problems));
        }
    }

    private static String mode(final int m) {
        return MODES[m].isEmpty() ? "engine" : MODES[m];
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
