package dev.serialboost.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.agent.LegacyDumps.Read;
import dev.serialboost.agent.LegacyDumps.Source;
import dev.serialboost.it.legacy.LegacyFixturesGenerator;
import dev.serialboost.it.legacy.LegacyRead;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The checked-in plain-JDK streams of {@code src/test/resources/legacy} (written by
 * {@link LegacyFixturesGenerator} on a JVM without the agent: session blobs and journals of an application before
 * serialboost was attached) read by a JVM with the agent, on every JDK of {@link Jdk#all()}, and on 25 also with
 * {@code --sun-misc-unsafe-memory-access=deny}: each must give exactly what plain JDK reading gave when the stream
 * was written (the {@code .txt} next to it), converted classes differing only in carrying serialboost's bodies,
 * and stderr must hold nothing but the agent's own lines, none a warning.
 *
 * <p>A second test runs the generator twice on JDK 17 and requires identical files each time and the same bytes
 * as the checked-in ones, so the fixtures stay reproducible and in step with their classes.
 */
class LegacyFixturesIT {

    private static final String MODEL = "dev.serialboost.it.legacy.model.";
    /** The workloads the generator writes: if one is missing, the test reads less than it claims. */
    private static final Set<String> STREAMS = Set.of("quotes", "hierarchy", "finals", "cycles", "collections",
            "staff", "custom", "journal");
    /** Classes of the fixtures the agent must convert, or the run does not exercise reading into them. */
    private static final List<String> MUST_CONVERT = List.of(MODEL + "Quote", MODEL + "Pet", MODEL + "Dog",
            MODEL + "Trade", MODEL + "Ring", MODEL + "Portfolio", MODEL + "Staff", MODEL + "Code");

    /** The checked-in directory as the build copies it next to the test classes. */
    static Path checkedIn() {
        return JvmRunner.locationOf(LegacyFixturesIT.class).resolve("legacy");
    }

    /** Expected blocks by label, from the checked-in {@code .txt} files. */
    static Map<String, Read> expected() throws IOException {
        Map<String, Read> expected = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(checkedIn())) {
            for (Path txt : files.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                expected.putAll(LegacyDumps.parse(txt.getFileName().toString(),
                        Files.readString(txt, StandardCharsets.UTF_8)));
            }
        }
        return expected;
    }

    static Stream<Arguments> jvms() {
        // the flag exists from JDK 23 on (JEP 471); of the tested JDKs only 25 has it
        return Stream.concat(Jdk.all().map(jdk -> Arguments.of(jdk, List.of())),
                Stream.of(Arguments.of(Jdk.jdk25(), List.of("--sun-misc-unsafe-memory-access=deny"))));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("jvms")
    void checkedInPlainStreamsReadWithTheAgentAsThePlainJdkReadThem(final Jdk jdk, final List<String> flags)
            throws IOException {
        jdk.assumeInstalled();
        Map<String, Read> expected = expected();
        JvmResult agent = JvmRunner.on(jdk).jvmArgs(flags.toArray(String[]::new)).withAgent("convert=all,verbose=true")
                .run(LegacyRead.class, checkedIn().toString());
        Map<String, Read> actual = LegacyDumps.parse(agent);
        Set<String> converted = CorpusDumps.converted(agent);

        List<String> problems = new ArrayList<>();
        if (!expected.keySet().containsAll(STREAMS)) {
            problems.add("checked-in expectations missing for " + missing(STREAMS, expected.keySet())
                    + "; regenerate them (see LegacyFixturesGenerator)");
        }
        if (!actual.keySet().equals(expected.keySet())) {
            problems.add("the streams read " + actual.keySet() + " are not those with a checked-in .txt "
                    + expected.keySet());
        }
        for (String name : MUST_CONVERT) {
            if (!converted.contains(name)) {
                problems.add(name + " was not converted");
            }
        }
        boolean bulk = agent.agentLines().stream()
                .anyMatch(l -> l.startsWith(JvmRunner.PREFIX + MODEL + "Quote converted (") && l.contains(" record"));
        if (!bulk) {
            problems.add(MODEL + "Quote (all primitive) was not converted to a bulk record");
        }
        String start = LegacyDumps.startLine(agent);
        if (start.contains(LegacyDumps.OFF)) {
            problems.add("the converted format is off: " + start);
        }
        for (Map.Entry<String, Read> e : expected.entrySet()) {
            Read a = actual.get(e.getKey());
            if (a != null) {
                LegacyDumps.compare(e.getValue(), a, converted, Source.SAME_PLAIN_FILE, problems);
            }
        }
        problems.addAll(LegacyDumps.stderrProblems(agent, line -> false));
        for (String line : agent.agentLines()) {
            if (line.toLowerCase(Locale.ROOT).contains("stay unconverted")) {
                problems.add("the agent runs degraded: " + line);
            }
        }
        LegacyDumps.assertNone(jdk + " " + flags + ": the checked-in streams of " + checkedIn()
                + " read with the agent, compared with their .txt", problems, agent);
    }

    @Test
    void theGeneratorWritesTheCheckedInBytesOnEveryRun(@TempDir final Path dir) throws IOException {
        Jdk jdk = Jdk.current();
        Path first = dir.resolve("first");
        Path second = dir.resolve("second");
        JvmRunner.on(jdk).run(LegacyFixturesGenerator.class, first.toString());
        JvmRunner.on(jdk).run(LegacyFixturesGenerator.class, second.toString());
        List<String> problems = new ArrayList<>();
        Set<String> names = names(first);
        if (!names.equals(names(second))) {
            problems.add("two runs wrote different files: " + names + " and " + names(second));
        }
        Set<String> checkedInNames = names(checkedIn());
        if (!names.equals(checkedInNames)) {
            problems.add("the generator writes " + names + ", checked in are " + checkedInNames);
        }
        for (String name : names) {
            byte[] bytes = Files.readAllBytes(first.resolve(name));
            if (Files.exists(second.resolve(name)) && !Arrays.equals(bytes, Files.readAllBytes(second.resolve(name)))) {
                problems.add(name + " differs between two runs of the generator: it is not deterministic");
            }
            if (Files.exists(checkedIn().resolve(name))
                    && !Arrays.equals(bytes, Files.readAllBytes(checkedIn().resolve(name)))) {
                problems.add(name + " differs from the checked-in file: the classes of " + MODEL + "* or the"
                        + " generator changed; regenerate and review (see LegacyFixturesGenerator's javadoc)");
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    private static Set<String> names(final Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return new TreeSet<>(files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".ser") || n.endsWith(".txt")).toList());
        }
    }

    private static Set<String> missing(final Set<String> wanted, final Set<String> present) {
        Set<String> missing = new TreeSet<>(wanted);
        missing.removeAll(present);
        return missing;
    }
}
