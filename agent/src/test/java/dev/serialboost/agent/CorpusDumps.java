package dev.serialboost.agent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the output of {@code dev.serialboost.it.CorpusDump} and the agent's verbose lines. */
final class CorpusDumps {

    private static final Pattern CLASS_LINE = Pattern.compile("class (\\S+) (uid=\\S+) externalizable=(true|false)");
    private static final Pattern CONVERTED = Pattern.compile(Pattern.quote(JvmRunner.PREFIX) + "(\\S+) converted \\(.*");

    private CorpusDumps() {
    }

    /**
     * One fixture's block.
     *
     * @param outcome      {@code round-trip}, or {@code write-failed|read-failed|setup-failed CLASS: MESSAGE}
     * @param check        the fixture's check result, {@code ok} when it holds; null when there was no copy
     * @param graph        the graph lines of the copy
     * @param classes      class name to its class line without the externalizable flag
     * @param externalizable class name to its externalizable flag
     */
    record Block(String fixture, String outcome, String check, List<String> graph, Map<String, String> classes,
                 Map<String, Boolean> externalizable) {
    }

    static Map<String, Block> parse(final JvmResult run) {
        Map<String, Block> blocks = new LinkedHashMap<>();
        String fixture = null;
        String outcome = null;
        String check = null;
        List<String> graph = new ArrayList<>();
        Map<String, String> classes = new LinkedHashMap<>();
        Map<String, Boolean> flags = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>(run.stdoutLines());
        lines.add("=== <end>");
        for (String line : lines) {
            if (line.startsWith("=== ")) {
                if (fixture != null) {
                    if (outcome == null) {
                        throw run.fail("CorpusDump printed no outcome for " + fixture);
                    }
                    if (blocks.put(fixture, new Block(fixture, outcome, check, List.copyOf(graph), Map.copyOf(classes),
                            Map.copyOf(flags))) != null) {
                        throw run.fail("CorpusDump printed " + fixture + " twice");
                    }
                }
                fixture = line.substring(4);
                outcome = null;
                check = null;
                graph.clear();
                classes.clear();
                flags.clear();
            } else if (fixture == null) {
                throw run.fail("CorpusDump printed a line before the first fixture: " + line);
            } else if (line.startsWith("outcome: ")) {
                outcome = line.substring("outcome: ".length());
            } else if (line.startsWith("check: ")) {
                check = line.substring("check: ".length());
            } else if (line.startsWith("class ")) {
                Matcher m = CLASS_LINE.matcher(line);
                if (!m.matches()) {
                    throw run.fail("unreadable class line in " + fixture + ": " + line);
                }
                classes.put(m.group(1), "class " + m.group(1) + " " + m.group(2));
                flags.put(m.group(1), Boolean.parseBoolean(m.group(3)));
            } else {
                graph.add(line);
            }
        }
        return blocks;
    }

    /** Classes the agent's verbose output says it converted. */
    static Set<String> converted(final JvmResult run) {
        Set<String> names = new LinkedHashSet<>();
        for (String line : run.agentLines()) {
            Matcher m = CONVERTED.matcher(line);
            if (m.matches()) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /** The first difference of two line lists with some context, or null when they are equal. */
    static String firstDifference(final List<String> expected, final List<String> actual) {
        if (expected.equals(actual)) {
            return null;
        }
        int i = 0;
        while (i < expected.size() && i < actual.size() && expected.get(i).equals(actual.get(i))) {
            i++;
        }
        int from = Math.max(0, i - 2);
        return "first difference at line " + (i + 1) + "\n      without agent: "
                + String.join("\n                     ", expected.subList(from, Math.min(expected.size(), i + 3)))
                + "\n      with agent:    "
                + String.join("\n                     ", actual.subList(from, Math.min(actual.size(), i + 3)));
    }
}
