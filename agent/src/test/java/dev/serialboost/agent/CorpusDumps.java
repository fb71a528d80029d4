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

    private static final Pattern CLASS_LINE = Pattern.compile(
            "class (\\S+) (uid=\\S+) externalizable=(true|false) converted=(true|false)");
    private static final Pattern CONVERTED = Pattern.compile(Pattern.quote(JvmRunner.PREFIX) + "(\\S+) converted \\(.*");

    private CorpusDumps() {
    }

    /**
     * One fixture's block.
     *
     * @param outcome        {@code round-trip}, or {@code write-failed|read-failed|setup-failed CLASS: MESSAGE}
     * @param check          the fixture's check result, {@code ok} when it holds; null when there was no copy
     * @param stream         the length and SHA-256 of the stream of a round trip; null when there was none
     * @param graph          the graph lines of the copy
     * @param classes        class name to its class line without the externalizable and converted flags
     * @param externalizable class name to whether the program sees it as {@code Externalizable}
     * @param converted      class name to whether it carries serialboost's synthetic bodies
     */
    record Block(String fixture, String outcome, String check, String stream, List<String> graph,
                 Map<String, String> classes, Map<String, Boolean> externalizable, Map<String, Boolean> converted) {

        /** This block with other graph lines. */
        Block withGraph(final List<String> lines) {
            return new Block(fixture, outcome, check, stream, List.copyOf(lines), classes, externalizable, converted);
        }
    }

    static Map<String, Block> parse(final JvmResult run) {
        Map<String, Block> blocks = new LinkedHashMap<>();
        String fixture = null;
        String outcome = null;
        String check = null;
        String stream = null;
        List<String> graph = new ArrayList<>();
        Map<String, String> classes = new LinkedHashMap<>();
        Map<String, Boolean> externalizable = new LinkedHashMap<>();
        Map<String, Boolean> converted = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>(run.stdoutLines());
        lines.add("=== <end>");
        for (String line : lines) {
            if (line.startsWith("=== ")) {
                if (fixture != null) {
                    if (outcome == null) {
                        throw run.fail("CorpusDump printed no outcome for " + fixture);
                    }
                    if (blocks.put(fixture, new Block(fixture, outcome, check, stream, List.copyOf(graph),
                            Map.copyOf(classes), Map.copyOf(externalizable), Map.copyOf(converted))) != null) {
                        throw run.fail("CorpusDump printed " + fixture + " twice");
                    }
                }
                fixture = line.substring(4);
                outcome = null;
                check = null;
                stream = null;
                graph.clear();
                classes.clear();
                externalizable.clear();
                converted.clear();
            } else if (fixture == null) {
                throw run.fail("CorpusDump printed a line before the first fixture: " + line);
            } else if (line.startsWith("outcome: ")) {
                outcome = line.substring("outcome: ".length());
            } else if (line.startsWith("check: ")) {
                check = line.substring("check: ".length());
            } else if (line.startsWith("stream: ")) {
                stream = line.substring("stream: ".length());
            } else if (line.startsWith("class ")) {
                Matcher m = CLASS_LINE.matcher(line);
                if (!m.matches()) {
                    throw run.fail("unreadable class line in " + fixture + ": " + line);
                }
                classes.put(m.group(1), "class " + m.group(1) + " " + m.group(2));
                externalizable.put(m.group(1), Boolean.parseBoolean(m.group(3)));
                converted.put(m.group(1), Boolean.parseBoolean(m.group(4)));
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

    /**
     * The class lines of a block read with the agent ({@code a}) against those without it ({@code p}): the same
     * class names and serialVersionUIDs; {@code Externalizable} exactly as without the agent (a converted class keeps
     * its interfaces); and converted, that is carrying serialboost's synthetic bodies, exactly the classes the agent
     * says it converted ({@code converted}), none without the agent.
     *
     * @return whether the class names and serialVersionUIDs agree (when not, the flags were not compared)
     */
    static boolean compareClasses(final String name, final Block p, final Block a, final Set<String> converted,
                                  final List<String> problems) {
        if (!p.classes().equals(a.classes())) {
            problems.add(name + ": class names or serialVersionUIDs differ; without the agent " + p.classes().values()
                    + ", with the agent " + a.classes().values());
            return false;
        }
        for (String c : p.classes().keySet()) {
            if (!p.externalizable().get(c).equals(a.externalizable().get(c))) {
                problems.add(name + ": " + c + " is Externalizable " + p.externalizable().get(c) + " without the agent"
                        + " and " + a.externalizable().get(c) + " with it; a converted class must keep its interfaces");
            }
            if (p.converted().get(c)) {
                problems.add(name + ": " + c + " carries serialboost's synthetic bodies without the agent");
            }
            if (a.converted().get(c) != converted.contains(c)) {
                problems.add(name + ": " + c + (a.converted().get(c) ? " carries" : " does not carry")
                        + " serialboost's synthetic bodies with the agent, but the agent says it "
                        + (converted.contains(c) ? "converted" : "did not convert") + " it");
            }
        }
        return true;
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
