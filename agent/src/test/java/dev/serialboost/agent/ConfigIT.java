package dev.serialboost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.it.StreamFlags;
import dev.serialboost.it.config.ConfigApp;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The configuration end to end: conversion is opt-in (only what an include rule names, or every eligible class
 * with {@code convert=all}), a rules file decides per class, first matching rule wins, and an excluded class
 * stays plain {@code Serializable} on the wire while its neighbours are converted: written in the converted layout,
 * read into the same copy as without the agent, and still not {@code Externalizable} to the program. Every kind of
 * bad setting or bad rules file leaves the agent inactive with exactly one stderr line naming the file and line (or
 * the setting), and the application runs unchanged.
 */
class ConfigIT {

    private static final String PKG = "dev.serialboost.it.config.";
    private static final Pattern LINE = Pattern.compile(
            "(\\w+) externalizable=(true|false) converted=(true|false) stream-flags=(\\S+) copy: (.*)");
    private static final String INACTIVE = "; serialboost stays inactive and the application runs unchanged";

    @TempDir
    static Path dir;

    /** The app's output without the agent, per JDK. */
    private static final Map<String, JvmResult> BASELINE = new ConcurrentHashMap<>();

    private record Line(boolean externalizable, boolean converted, String flags, String copy) {
    }

    private static JvmResult baseline(final Jdk jdk) {
        return BASELINE.computeIfAbsent(jdk.label(), k -> JvmRunner.on(jdk).run(ConfigApp.class));
    }

    private static Map<String, Line> lines(final JvmResult run) {
        Map<String, Line> lines = new LinkedHashMap<>();
        for (String line : run.stdoutLines()) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                throw run.fail("unexpected stdout line: " + line);
            }
            lines.put(m.group(1), new Line(Boolean.parseBoolean(m.group(2)), Boolean.parseBoolean(m.group(3)),
                    m.group(4), m.group(5)));
        }
        if (!lines.keySet().equals(java.util.Set.of("Kept", "Converted", "Included", "Excluded", "RunsCtor"))) {
            throw run.fail("the app did not print one line per class");
        }
        return lines;
    }

    private static void assertPlain(final String simpleName, final Map<String, Line> plain, final Map<String, Line> agent,
                                    final JvmResult run) {
        Line a = agent.get(simpleName);
        if (a.externalizable() || a.converted() || !a.flags().equals("0x02") || !a.equals(plain.get(simpleName))) {
            throw run.fail(simpleName + " must stay plain Serializable (not converted, flags 0x02, SC_SERIALIZABLE"
                    + " only) and round-trip as without the agent; without agent " + plain.get(simpleName)
                    + ", with agent " + a);
        }
    }

    private static void assertConverted(final String simpleName, final Map<String, Line> plain,
                                        final Map<String, Line> agent, final JvmResult run) {
        Line a = agent.get(simpleName);
        Line expected = new Line(false, true, StreamFlags.CONVERTED_LAYOUT, plain.get(simpleName).copy());
        if (!a.equals(expected)) {
            throw run.fail(simpleName + " must be converted: still not Externalizable to the program, carrying"
                    + " serialboost's bodies, written in the converted layout (flags " + StreamFlags.CONVERTED_LAYOUT
                    + ", SC_EXTERNALIZABLE | SC_WRITE_METHOD) and read into the same copy as without the agent; without"
                    + " agent " + plain.get(simpleName) + ", expected with agent " + expected + ", got " + a);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void withConvertAllAndNoRulesEveryEligibleClassIsConverted(final Jdk jdk) {
        jdk.assumeInstalled();
        Map<String, Line> plain = lines(baseline(jdk));
        for (Map.Entry<String, Line> e : plain.entrySet()) {
            assertEquals(new Line(false, false, "0x02", e.getValue().copy()), e.getValue(),
                    "without the agent, " + e.getKey());
        }
        JvmResult run = JvmRunner.on(jdk).withAgent("convert=all,verbose=true").run(ConfigApp.class);
        Map<String, Line> agent = lines(run);
        assertStartLine(run, "no config file; converting: all eligible classes");
        // RunsCtor too: its no-arg constructor has code, which does not run on read (the same copy), as without
        // the agent
        for (String name : List.of("Kept", "Converted", "sub.Included", "sub.Excluded", "RunsCtor")) {
            assertConverted(name.substring(name.indexOf('.') + 1), plain, agent, run);
            assertAgentLinePrefix(run, PKG + name + " converted (");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void rulesDecideFirstMatchWinsAndExcludedClassesStayPlainOnTheWire(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        Path rules = write("rules-" + jdk.feature() + ".conf", """
                # ConfigIT: an exclude before a matching include, and an include before a matching exclude
                exclude dev.serialboost.it.config.Kept
                include dev.serialboost.it.config.sub.Included
                exclude dev.serialboost.it.config.sub.**   # the rest of sub stays plain
                include dev.serialboost.it.config.RunsCtor
                include dev.serialboost.it.config.**
                """);
        Map<String, Line> plain = lines(baseline(jdk));
        JvmResult run = JvmRunner.on(jdk).withAgent("config=" + rules + ",verbose=true").run(ConfigApp.class);
        Map<String, Line> agent = lines(run);

        assertPlain("Kept", plain, agent, run);
        assertConverted("Converted", plain, agent, run);
        assertConverted("Included", plain, agent, run);
        assertPlain("Excluded", plain, agent, run);

        // converted, and its no-arg constructor, which has code, does not run on read: the same copy
        assertConverted("RunsCtor", plain, agent, run);

        assertStartLine(run, rules + " (agent argument config); converting: classes named by 3 include rules");
        assertAgentLine(run, PKG + "Kept skipped: it is excluded by the configuration (" + rules + " line 2)");
        assertAgentLine(run, PKG + "sub.Excluded skipped: it is excluded by the configuration (" + rules + " line 4)");
        assertAgentLinePrefix(run, PKG + "Converted converted (");
        assertAgentLinePrefix(run, PKG + "sub.Included converted (");
        assertAgentLinePrefix(run, PKG + "RunsCtor converted (");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void anIncludeRuleConvertsOnlyTheClassItNames(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        Path rules = write("include-one-" + jdk.feature() + ".conf", "include " + PKG + "Converted\n");
        Map<String, Line> plain = lines(baseline(jdk));
        JvmResult run = JvmRunner.on(jdk).withAgent("config=" + rules + ",verbose=true").run(ConfigApp.class);
        Map<String, Line> agent = lines(run);

        assertConverted("Converted", plain, agent, run);
        for (String name : List.of("Kept", "Included", "Excluded", "RunsCtor")) {
            assertPlain(name, plain, agent, run);
        }
        assertStartLine(run, rules + " (agent argument config); converting: classes named by 1 include rule");
        String notNamed = " skipped: it is not named by an include rule (no rule of " + rules + " matches it; convert=rules)";
        assertAgentLine(run, PKG + "Kept" + notNamed);
        assertAgentLine(run, PKG + "sub.Included" + notNamed);
        JvmResult.Summary summary = run.summary();
        if (summary.converted() != 1 || summary.reasons().getOrDefault("not-included", 0L) != 4) {
            throw run.fail("expected converted=1 and not-included=4 (Kept, Included, Excluded, RunsCtor): "
                    + summary.line());
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    /** How a bad case starts the agent, and what its one stderr line must name. */
    private record BadCase(String name, Function<JvmRunner, JvmRunner> setup, List<String> mustName) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> badCases() throws IOException {
        Path unknownRule = write("unknown-rule.conf", """
                include dev.serialboost.it.config.Converted
                convert dev.serialboost.it.config.Kept
                """);
        Path unknownOption = write("unknown-option.conf", "include dev.serialboost.it.config.Converted fast\n");
        Path emptySegment = write("empty-segment.conf", "# a comment line counts\nexclude com..x\n");
        Path badCharacter = write("bad-character.conf", "\n\ninclude com.a-b\n");
        Path optionOnExclude = write("option-on-exclude.conf", "exclude dev.serialboost.it.config.Kept bulk=off\n");
        Path missing = dir.resolve("does-not-exist.conf");
        List<BadCase> cases = List.of(
                new BadCase("unknown rule word (file from the agent argument)",
                        r -> r.withRejectedAgent("config=" + unknownRule + ",summary=true"),
                        List.of(unknownRule + " line 2", "'convert'")),
                new BadCase("unknown option (file from the system property)",
                        r -> r.jvmArgs("-Dserialboost.config=" + unknownOption).withRejectedAgent("summary=true"),
                        List.of(unknownOption + " line 1", "'fast'")),
                new BadCase("glob with an empty segment com..x",
                        r -> r.withRejectedAgent("config=" + emptySegment + ",summary=true"),
                        List.of(emptySegment + " line 2", "com..x")),
                new BadCase("glob with a bad character com.a-b",
                        r -> r.withRejectedAgent("config=" + badCharacter + ",summary=true"),
                        List.of(badCharacter + " line 3", "com.a-b")),
                new BadCase("option on an exclude rule",
                        r -> r.withRejectedAgent("config=" + optionOnExclude + ",summary=true"),
                        List.of(optionOnExclude + " line 1", "'bulk'")),
                new BadCase("missing file (from the environment variable)",
                        r -> r.env("SERIALBOOST_CONFIG", missing.toString()).withRejectedAgent("summary=true"),
                        List.of(missing.toString())),
                new BadCase("unknown setting in the agent arguments",
                        r -> r.withRejectedAgent("colour=red,summary=true"), List.of("'colour'")),
                new BadCase("unknown setting as system property",
                        r -> r.jvmArgs("-Dserialboost.colour=red").withRejectedAgent("summary=true"),
                        List.of("serialboost.colour")),
                new BadCase("unknown setting as environment variable",
                        r -> r.env("SERIALBOOST_COLOUR", "red").withRejectedAgent("summary=true"),
                        List.of("SERIALBOOST_COLOUR")),
                new BadCase("non-boolean verbose",
                        r -> r.withRejectedAgent("verbose=yes,summary=true"), List.of("verbose", "'yes'")),
                new BadCase("unknown convert value",
                        r -> r.withRejectedAgent("convert=everything,summary=true"),
                        List.of("agent argument convert takes rules (", ") or all (", "not 'everything'")));
        return Jdk.all().flatMap(jdk -> cases.stream().map(c -> Arguments.of(jdk, c)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badCases")
    void badConfigurationLeavesTheAgentInactiveWithOneLine(final Jdk jdk, final BadCase bad) {
        jdk.assumeInstalled();
        JvmResult baseline = baseline(jdk);
        JvmResult run = bad.setup().apply(JvmRunner.on(jdk)).run(ConfigApp.class);
        if (!run.stdout().equals(baseline.stdout())) {
            throw run.fail("the application's stdout must be exactly what it prints without the agent (nothing"
                    + " converted):\n" + baseline.stdout());
        }
        List<String> stderr = run.stderrLines();
        if (stderr.size() != 1) {
            throw run.fail("stderr must hold exactly one line, the configuration error");
        }
        String line = stderr.get(0);
        if (!line.startsWith(JvmRunner.PREFIX + "configuration error: ") || !line.endsWith(INACTIVE)) {
            throw run.fail("the line must read '[serialboost] configuration error: ..." + INACTIVE + "'");
        }
        for (String part : bad.mustName()) {
            if (!line.contains(part)) {
                throw run.fail("the configuration error must name " + part);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    private static Path write(final String name, final String content) throws IOException {
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve(name), content);
    }

    private static String versionIn(final JvmResult run) {
        String first = run.agentLines().isEmpty() ? "" : run.agentLines().get(0);
        Matcher m = Pattern.compile(Pattern.quote(JvmRunner.PREFIX) + "serialboost (\\S+) active.*").matcher(first);
        if (!m.matches()) {
            throw run.fail("the first agent line must be the start-up line 'serialboost VERSION active (...)'");
        }
        return m.group(1);
    }

    /**
     * The first agent line is the start-up line, with {@code inBrackets} after {@code (engine: on; config: }, under
     * 300 characters.
     */
    private static void assertStartLine(final JvmResult run, final String inBrackets) {
        String startLine = run.agentLines().get(0);
        assertTrue(startLine.matches(Pattern.quote(JvmRunner.PREFIX + "serialboost " + versionIn(run) + " active in ")
                        + "\\d+" + Pattern.quote(" ms (engine: on; config: " + inBrackets + ")")),
                () -> run.fail("unexpected start-up line: " + startLine).getMessage());
        assertTrue(startLine.length() < 300, () -> run.fail("start-up line of " + startLine.length()
                + " characters; it must stay under 300").getMessage());
    }

    private static void assertAgentLine(final JvmResult run, final String text) {
        assertTrue(run.agentLines().contains(JvmRunner.PREFIX + text),
                () -> run.fail("stderr must hold the line: " + JvmRunner.PREFIX + text).getMessage());
    }

    private static void assertAgentLinePrefix(final JvmResult run, final String prefix) {
        assertTrue(run.agentLines().stream().anyMatch(l -> l.startsWith(JvmRunner.PREFIX + prefix)),
                () -> run.fail("stderr must hold a line starting with: " + JvmRunner.PREFIX + prefix).getMessage());
    }
}
