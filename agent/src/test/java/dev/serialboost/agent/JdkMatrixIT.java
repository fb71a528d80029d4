package dev.serialboost.agent;

import dev.serialboost.it.GraphDump;
import dev.serialboost.it.JdkFeatures;
import dev.serialboost.it.StreamFlags;
import dev.serialboost.it.legacy.model.Quote;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The JDK matrix is real and the agent is fully on in each of its JDKs, rather than merely not failing: for every
 * JDK of {@link Jdk#all()} a child JVM with the agent says it runs the feature version the JDK's label names; the
 * agent's start-up line (with {@code convert=all}) says the engine layer is on and carries nothing after what it
 * converts, so the start-up shape checks of the patched {@code java.io} methods passed (else it says
 * "engine: off" or "the converted format is off, every class stays plain: ...") and
 * {@code jdk.internal.misc.Unsafe} is usable (else the agent stays inactive); the all-primitive {@link Quote} is
 * converted to a bulk record; and a plain stream of quotes, written here without the agent, reads into the
 * converted class as plain JDK reading gives it (the class still not {@code Externalizable} to the program, only
 * carrying serialboost's bodies).
 */
class JdkMatrixIT {

    private static final Pattern START = Pattern.compile(Pattern.quote(JvmRunner.PREFIX)
            + "serialboost \\S+ active in \\d+ ms \\(engine: on; config: no config file; converting: all eligible"
            + " classes\\)");
    private static final String QUOTE = Quote.class.getName();

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void theAgentIsFullyOnOnEveryTestedJdk(final Jdk jdk, @TempDir final Path dir) throws Exception {
        jdk.assumeInstalled();
        Quote shared = Quote.sample(2);
        byte[] plain = StreamFlags.write(new ArrayList<>(List.of(Quote.sample(1), shared, shared)));
        Path stream = Files.write(dir.resolve("quotes.ser"), plain);
        GraphDump expected = new GraphDump();
        List<String> expectedLines = new ArrayList<>(expected.graph(StreamFlags.read(plain)));
        for (String line : expected.classLines()) {
            expectedLines.add(line.startsWith("class " + QUOTE + " ") ? line.replace(" converted=false",
                    " converted=true") : line);
        }

        JvmResult run = JvmRunner.on(jdk).withAgent("convert=all,verbose=true").run(JdkFeatures.class, stream.toString());
        List<String> problems = new ArrayList<>(run.stderrProblems());
        List<String> out = run.stdoutLines();
        if (out.isEmpty() || !out.get(0).equals("feature=" + jdk.feature())) {
            problems.add("the child should run JDK " + jdk.feature() + " (" + jdk.home() + "), it says "
                    + (out.isEmpty() ? "nothing" : out.get(0)));
        }
        String start = LegacyDumps.startLine(run);
        if (!START.matcher(start).matches()) {
            problems.add("the start-up line should say the engine is on and end with what is converted, nothing"
                    + " switched off: " + start);
        }
        if (run.agentLines().stream().noneMatch(l -> l.startsWith(JvmRunner.PREFIX + QUOTE + " converted (")
                && l.contains(" record"))) {
            problems.add(QUOTE + " (all primitive) was not converted to a bulk record");
        }
        List<String> read = out.isEmpty() ? List.of() : out.subList(1, out.size());
        if (!read.equals(expectedLines)) {
            problems.add("the plain stream read into the converted class differs from plain JDK reading; "
                    + CorpusDumps.firstDifference(expectedLines, read));
        }
        LegacyDumps.assertNone(jdk + ": the agent fully on", problems, run);
    }
}
