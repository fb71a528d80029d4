package dev.serialboost.agent;

import dev.serialboost.it.engine.EngineReport;
import dev.serialboost.testing.Jdk;
import dev.serialboost.transformer.engine.EnginePatches;
import dev.serialboost.transformer.kit.ClassFileSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs of the engine-layer test apps ({@code dev.serialboost.it.engine}) and the comparison of their reports: the
 * same app on the same JDK without the agent and with it in its default mode must print the same lines.
 *
 * <p>The agent runs with no setting but the summary: its default mode is the engine layer alone (conversion is
 * opt-in), and a run fails unless the start-up line says the engine is on and the summary that nothing was
 * converted.
 */
final class EngineRuns {

    /** JVM options of every run: the flipped-byte streams may ask for arrays of a few hundred MB at most. */
    static final String HEAP = "-Xmx512m";

    /** The main report of one JDK, without and with the agent, and where each saved its streams and graphs. */
    record Main(JvmResult plain, JvmResult agent, Path plainDetails, Path agentDetails, Path agentStreams) {
    }

    private static final Map<String, Main> MAIN = new ConcurrentHashMap<>();

    private EngineRuns() {
    }

    /** Runs {@code main} with the agent in its default mode; the engine must be on and nothing converted. */
    /** The JDK classes the engine patches (binary names), in the order of its set. */
    static List<String> patchedClasses() {
        return EnginePatches.set().targets().stream().map(name -> name.replace('/', '.')).toList();
    }

    /**
     * Whether the engine patches the JDK class {@code className} (binary name) on {@code jdk}: where the JDK has
     * it ({@code java.io.Bits}: 17 only), and its code does not do the class's own patch's job already (the writing
     * side's block stream on 25, which copies a string's bytes in one call).
     */
    static boolean patchedOn(final Jdk jdk, final String className) throws IOException {
        String target = className.replace('.', '/');
        try (java.nio.file.FileSystem jrt = jdk.classFiles()) {
            ClassFileSource classes = name -> {
                Path file = jrt.getPath("/modules/java.base", name + ".class");
                try {
                    return Files.exists(file) ? Files.readAllBytes(file) : null;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            };
            byte[] classFile = classes.read(target);
            return classFile != null && !EnginePatches.set().own(target).unneeded(classFile, classes);
        }
    }

    static JvmResult withAgent(final JvmRunner runner, final Class<?> main, final String... args) {
        JvmResult run = runner.withAgent("").run(main, args);
        if (run.summary().converted() != 0) {
            throw run.fail("the agent converted classes in its default mode: " + run.summary().line());
        }
        if (run.agentLines().isEmpty() || !run.agentLines().get(0).contains("(engine: on;")) {
            throw run.fail("the engine layer is not on: " + run.agentLines());
        }
        return run;
    }

    /** {@link EngineReport}'s full report on {@code jdk}, run once per test JVM and shared by the tests. */
    static Main main(final Jdk jdk) {
        return MAIN.computeIfAbsent(jdk.label(), label -> {
            String name = "engine-" + label.replace(' ', '-');
            Path dir = JvmRunner.runsDirectory();
            Path plainDetails = dir.resolve(name + "-plain.details");
            Path agentDetails = dir.resolve(name + "-agent.details");
            Path agentStreams = dir.resolve(name + "-agent-streams");
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            JvmResult plain = JvmRunner.on(jdk).jvmArgs(HEAP).run(EngineReport.class, "--details=" + plainDetails);
            JvmResult agent = withAgent(JvmRunner.on(jdk).jvmArgs(HEAP), EngineReport.class,
                    "--details=" + agentDetails, "--write-dir=" + agentStreams);
            return new Main(plain, agent, plainDetails, agentDetails, agentStreams);
        });
    }

    /**
     * Fails unless both runs printed the same lines, naming the first case (the first word of a line) that
     * differs, both versions of its first differing line around the first differing character, the first
     * differing graph line of that case when details files are given, and how many cases differ in all.
     */
    static void assertSameReport(final String what, final List<String> without, final List<String> with,
                                 final JvmResult plain, final JvmResult agent, final Path plainDetails,
                                 final Path agentDetails) {
        if (without.equals(with)) {
            return;
        }
        int i = 0;
        while (i < without.size() && i < with.size() && without.get(i).equals(with.get(i))) {
            i++;
        }
        String a = i < without.size() ? without.get(i) : "<no more lines>";
        String b = i < with.size() ? with.get(i) : "<no more lines>";
        String label = label(i < without.size() ? a : b);
        Set<String> differing = new LinkedHashSet<>();
        for (int k = 0; k < Math.max(without.size(), with.size()); k++) {
            String x = k < without.size() ? without.get(k) : "";
            String y = k < with.size() ? with.get(k) : "";
            if (!x.equals(y)) {
                differing.add(label(x.isEmpty() ? y : x));
            }
        }
        StringBuilder message = new StringBuilder(what).append(": the report differs with the agent, first in case ")
                .append(label).append(" (line ").append(i + 1).append(")\n  without agent: ").append(around(a, b))
                .append("\n  with agent:    ").append(around(b, a));
        if (plainDetails != null && agentDetails != null) {
            message.append('\n').append(detailsDifference(label, plainDetails, agentDetails));
        }
        List<String> some = new ArrayList<>(differing).subList(0, Math.min(15, differing.size()));
        message.append("\n  ").append(differing.size()).append(" case(s) differ: ").append(some)
                .append(differing.size() > some.size() ? " ..." : "")
                .append("\n  full reports: ").append(JvmRunner.runsDirectory().resolve(plain.label() + ".stdout"))
                .append(" and ").append(JvmRunner.runsDirectory().resolve(agent.label() + ".stdout"));
        throw new AssertionError(message);
    }

    /** The case label of a report line: its first word. */
    static String label(final String line) {
        int space = line.indexOf(' ');
        return space < 0 ? line : line.substring(0, space);
    }

    /** {@code line} from a little before its first difference with {@code other}, shortened to 300 characters. */
    private static String around(final String line, final String other) {
        int d = 0;
        while (d < line.length() && d < other.length() && line.charAt(d) == other.charAt(d)) {
            d++;
        }
        int from = Math.max(0, d - 120);
        int to = Math.min(line.length(), d + 180);
        return (from > 0 ? "[" + from + " chars]..." : "") + line.substring(from, to)
                + (to < line.length() ? "...[" + (line.length() - to) + " more]" : "");
    }

    private static String detailsDifference(final String label, final Path plainDetails, final Path agentDetails) {
        try {
            List<String> p = linesOf(label, plainDetails);
            List<String> a = linesOf(label, agentDetails);
            if (p.equals(a)) {
                return "  the graphs read by the plain reader are the same (" + p.size() + " lines in " + plainDetails
                        + ")";
            }
            int i = 0;
            while (i < p.size() && i < a.size() && p.get(i).equals(a.get(i))) {
                i++;
            }
            return "  first difference in the graph read by the plain reader, line " + (i + 1) + " of the case in "
                    + plainDetails + " and " + agentDetails + ":\n    without agent: "
                    + (i < p.size() ? around(p.get(i), i < a.size() ? a.get(i) : "") : "<no more lines>")
                    + "\n    with agent:    "
                    + (i < a.size() ? around(a.get(i), i < p.size() ? p.get(i) : "") : "<no more lines>");
        } catch (IOException e) {
            return "  (could not read the details files: " + e + ")";
        }
    }

    private static List<String> linesOf(final String label, final Path details) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(details, StandardCharsets.UTF_8)) {
            if (line.startsWith(label + " ")) {
                lines.add(line);
            }
        }
        return lines;
    }
}
