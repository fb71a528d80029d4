package dev.serialboost.agent;

import dev.serialboost.agent.CorpusDumps.Block;
import dev.serialboost.it.StreamFlags;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Reads the output of {@code dev.serialboost.it.legacy.LegacyRead} and {@code LegacyWrite} (the block format of
 * {@code CorpusDump}, parsed by {@link CorpusDumps}) and compares what a JVM with the agent read with what the
 * plain JDK read from the same stream.
 */
final class LegacyDumps {

    static final String REWRITTEN = " rewritten";
    /** What the start-up line says when the converted format cannot work on this JVM. */
    static final String OFF = "the converted format is off, every class stays plain: ";

    private static final int SC_EXTERNALIZABLE = 0x04;

    /** Which stream the two reads being compared read, for the check of the descriptor flags in it. */
    enum Source {
        /** The same file, written without the agent: same flags, converted classes not in the converted layout. */
        SAME_PLAIN_FILE,
        /**
         * Each JVM's own rewrite: converted classes in the converted layout (SC_EXTERNALIZABLE) with the agent,
         * other classes as without.
         */
        OWN_WRITES,
        /**
         * Each JVM's own rewrite, of a graph the agent JVM writes in the plain format although some of its classes
         * are converted (a subclass the agent did not convert takes its converted superclasses with it): the same
         * flags in both.
         */
        OWN_WRITES_PLAIN,
        /** Streams written elsewhere (the caller checks their flags itself). */
        OTHER
    }

    private LegacyDumps() {
    }

    /**
     * One block of {@code LegacyRead}.
     *
     * @param block the block as {@link CorpusDumps} parses it, graph lines without the stream-flags line
     * @param flags class name to its descriptor flags in the stream ({@code 0x02}, or {@code none})
     */
    record Read(Block block, Map<String, String> flags) {
        String label() {
            return block.fixture();
        }

        String outcome() {
            return block.outcome();
        }

        boolean read() {
            return block.outcome().equals("read");
        }

        List<String> graph() {
            return block.graph();
        }
    }

    static Map<String, Read> parse(final JvmResult run) {
        Map<String, Read> reads = new LinkedHashMap<>();
        for (Block b : CorpusDumps.parse(run).values()) {
            Map<String, String> flags = new LinkedHashMap<>();
            List<String> graph = new ArrayList<>();
            for (String line : b.graph()) {
                if (line.startsWith("stream-flags:")) {
                    for (String pair : line.substring("stream-flags:".length()).trim().split(" ")) {
                        if (!pair.isEmpty()) {
                            int eq = pair.lastIndexOf('=');
                            flags.put(pair.substring(0, eq), pair.substring(eq + 1));
                        }
                    }
                } else {
                    graph.add(line);
                }
            }
            reads.put(b.fixture(), new Read(b.withGraph(graph), Map.copyOf(flags)));
        }
        return reads;
    }

    /** The parsed blocks of checked-in expectation text (as {@code LegacyRead} printed it). */
    static Map<String, Read> parse(final String label, final String text) {
        return parse(new JvmResult(label, List.of(), Map.of(), 0, text, ""));
    }

    /**
     * Compares what the agent JVM read ({@code a}) with what plain JDK reading gave ({@code p}): the same outcome,
     * fixture check, graph and class lines ({@link CorpusDumps#compareClasses}: converted classes keep their
     * interfaces and carry serialboost's bodies with the agent only); and the descriptor flags as {@code source}
     * says.
     */
    static void compare(final Read p, final Read a, final Set<String> converted, final Source source,
                        final List<String> problems) {
        String name = p.label();
        if (!p.outcome().equals(a.outcome())) {
            problems.add(name + ": the outcome differs; plain JDK: " + p.outcome() + "; with the agent: "
                    + a.outcome());
            return;
        }
        if (!p.read()) {
            return;
        }
        if (!Objects.equals(p.block().check(), a.block().check())) {
            problems.add(name + ": the fixture's check differs; plain JDK: " + p.block().check() + "; with the agent: "
                    + a.block().check());
        }
        String difference = CorpusDumps.firstDifference(p.graph(), a.graph());
        if (difference != null) {
            problems.add(name + ": what was read differs, " + difference);
        }
        if (!CorpusDumps.compareClasses(name, p.block(), a.block(), converted, problems)) {
            return;
        }
        for (Map.Entry<String, String> e : p.flags().entrySet()) {
            String c = e.getKey();
            String plainFlags = e.getValue();
            String agentFlags = a.flags().get(c);
            if (source == Source.OTHER) {
                continue;
            }
            if (source == Source.OWN_WRITES_PLAIN) {
                if (!plainFlags.equals(agentFlags)) {
                    problems.add(name + ": rewritten in the agent JVM, " + c + " should be written in the plain format"
                            + " as without the agent: flags " + plainFlags + " without, " + agentFlags + " with");
                }
            } else if (source == Source.SAME_PLAIN_FILE) {
                if (!plainFlags.equals(agentFlags)) {
                    problems.add(name + ": test bug? both runs read the same file, yet the flags of " + c + " differ: "
                            + plainFlags + " and " + agentFlags);
                } else if (converted.contains(c) && externalizable(plainFlags)) {
                    problems.add(name + ": test bug? the file should be a plain stream, yet converted " + c
                            + " is in the converted layout in it (" + plainFlags + ")");
                }
            } else if (converted.contains(c) && !plainFlags.equals("none")) {
                String layout = StreamFlags.convertedLayout(c);
                if (!layout.equals(agentFlags)) {
                    problems.add(name + ": rewritten in the agent JVM, converted " + c + " should be in the converted"
                            + " layout on the wire (" + layout + ", SC_EXTERNALIZABLE | SC_WRITE_METHOD, with"
                            + " SC_BLOCK_DATA for a class with writeObject or readObject), its flags are "
                            + agentFlags);
                }
            } else if (!converted.contains(c) && !plainFlags.equals(agentFlags)) {
                problems.add(name + ": rewritten in the agent JVM, " + c + " (not converted) should be written as"
                        + " without the agent: flags " + plainFlags + " without, " + agentFlags + " with");
            }
        }
    }

    private static boolean externalizable(final String flags) {
        return !flags.equals("none") && (Integer.decode(flags) & SC_EXTERNALIZABLE) != 0;
    }

    /**
     * What is wrong with the agent run's stderr for a user who wants no noise ({@link JvmResult#stderrProblems}:
     * lines the agent did not write, agent lines reporting a warning or an error), apart from what
     * {@code tolerated} accepts.
     */
    static List<String> stderrProblems(final JvmResult agentRun, final Predicate<String> tolerated) {
        List<String> problems = new ArrayList<>();
        for (String problem : agentRun.stderrProblems()) {
            if (!tolerated.test(problem)) {
                problems.add(problem);
            }
        }
        return problems;
    }

    /** The agent's start-up line ({@code ... active ...}); fails when there is none. */
    static String startLine(final JvmResult agentRun) {
        return agentRun.agentLines().stream().filter(l -> l.contains(" active ")).findFirst()
                .orElseThrow(() -> agentRun.fail("the agent printed no start-up line"));
    }

    /** Fails with all {@code problems} and where the outputs are, when there are any. */
    static void assertNone(final String context, final List<String> problems, final JvmResult... runs) {
        if (problems.isEmpty()) {
            return;
        }
        StringBuilder runsText = new StringBuilder();
        for (JvmResult r : runs) {
            runsText.append(runsText.length() == 0 ? "" : ", ").append(r.label());
        }
        throw new AssertionError(context + ": " + problems.size() + " problem(s) (full outputs under "
                + JvmRunner.runsDirectory() + ", runs " + runsText + "):\n  - " + String.join("\n  - ", problems));
    }
}
