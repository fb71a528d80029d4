package dev.serialboost.agent;

import dev.serialboost.agent.LegacyDumps.Read;
import dev.serialboost.agent.LegacyDumps.Source;
import dev.serialboost.it.StreamFlags;
import dev.serialboost.it.legacy.LegacyRead;
import dev.serialboost.it.legacy.LegacyWrite;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Both formats in one stream: an agent JVM whose configuration excludes {@code Kept} writes {@code Converted}
 * objects (serialboost's format, the converted layout on the wire) and {@code Kept} objects (plain) that refer to
 * each other. Another agent JVM with the same configuration reads it into exactly what plain JDK reading of a plain
 * stream of the same graph gives; so does an agent JVM that converts {@code Kept} too (its plain objects go the
 * way of any stream written without serialboost), and so does an agent JVM that converts neither class: it reads
 * the converted data into its plain classes. A JVM without the agent cannot read it: observed on JDK 17, 21 and 25,
 * {@value #WITHOUT_AGENT} (the first converted class of the stream is named).
 */
class LegacyMixedIT {

    private static final String PKG = "dev.serialboost.it.legacy.mixed.";
    static final String WITHOUT_AGENT = "read-failed java.io.InvalidClassException: " + PKG
            + "Converted; Serializable incompatible with Externalizable";
    private static final String LABEL = "Converted-sample";

    @TempDir
    static Path dir;

    private static Path config;
    private static Path excludesBoth;
    private static JvmResult plainWriter;
    private static JvmResult agentWriter;

    @BeforeAll
    static void writeTheSameGraphWithoutAndWithTheAgent() throws IOException {
        config = Files.writeString(dir.resolve("serialboost.conf"), "# LegacyMixedIT\nexclude " + PKG + "Kept\n");
        excludesBoth = Files.writeString(dir.resolve("excludes-both.conf"), "exclude " + PKG + "*\n");
        Jdk jdk = Jdk.current();
        plainWriter = JvmRunner.on(jdk).run(LegacyWrite.class, dir.resolve("plain").toString(),
                "--sample=" + PKG + "Converted");
        agentWriter = JvmRunner.on(jdk).withAgent("config=" + config + ",convert=all,verbose=true")
                .run(LegacyWrite.class, dir.resolve("agent").toString(), "--sample=" + PKG + "Converted");
        Read plain = LegacyDumps.parse(plainWriter).get(LABEL);
        Read agent = LegacyDumps.parse(agentWriter).get(LABEL);
        if (plain == null || !plain.outcome().startsWith("written ")
                || !plain.flags().equals(Map.of(PKG + "Converted", "0x02", PKG + "Kept", "0x02"))) {
            throw plainWriter.fail("test bug: the plain writer should write both classes as plain Serializable (0x02)");
        }
        if (agent == null || !agent.outcome().startsWith("written ")
                || !agent.flags().equals(Map.of(PKG + "Converted", StreamFlags.CONVERTED_LAYOUT,
                        PKG + "Kept", "0x02"))) {
            throw agentWriter.fail("the agent JVM should write Converted in the converted layout (SC_EXTERNALIZABLE |"
                    + " SC_WRITE_METHOD = " + StreamFlags.CONVERTED_LAYOUT + ") and the excluded Kept plain (0x02)"
                    + " in the same stream");
        }
        if (!CorpusDumps.converted(agentWriter).equals(Set.of(PKG + "Converted"))) {
            throw agentWriter.fail("the agent JVM should convert " + PKG + "Converted and nothing else");
        }
    }

    @ParameterizedTest(name = "read on {0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void aStreamHoldingBothFormatsReadsInAgentJvmsAndFailsWithout(final Jdk jdk) {
        jdk.assumeInstalled();
        String[] args = {"--prefix=plain/", dir.resolve("plain").toString(), "--prefix=agent/",
            dir.resolve("agent").toString()};
        JvmResult plain = JvmRunner.on(jdk).run(LegacyRead.class, args);
        JvmResult sameConfig = JvmRunner.on(jdk).withAgent("config=" + config + ",convert=all,verbose=true")
                .run(LegacyRead.class, args);
        JvmResult convertsAll = JvmRunner.on(jdk).withAgent("convert=all,verbose=true").run(LegacyRead.class, args);
        JvmResult convertsNone = JvmRunner.on(jdk).withAgent("config=" + excludesBoth + ",convert=all,verbose=true")
                .run(LegacyRead.class, args);

        Map<String, Read> without = LegacyDumps.parse(plain);
        Read truth = without.get("plain/" + LABEL);
        List<String> problems = new ArrayList<>();
        if (truth == null || !truth.read()) {
            throw plain.fail("test bug: plain JDK reading of the plain stream should work: " + truth);
        }
        Read agentStreamWithoutAgent = without.get("agent/" + LABEL);
        if (agentStreamWithoutAgent == null || !agentStreamWithoutAgent.outcome().equals(WITHOUT_AGENT)) {
            problems.add("without the agent, reading the agent's stream should fail with '" + WITHOUT_AGENT + "', got: "
                    + (agentStreamWithoutAgent == null ? "no block" : agentStreamWithoutAgent.outcome()));
        }
        for (JvmResult run : List.of(sameConfig, convertsAll, convertsNone)) {
            String who = run == sameConfig ? "an agent JVM excluding Kept" : run == convertsAll
                    ? "an agent JVM converting Kept too" : "an agent JVM converting neither class";
            Map<String, Read> with = LegacyDumps.parse(run);
            Set<String> converted = CorpusDumps.converted(run);
            Set<String> expected = run == sameConfig ? Set.of(PKG + "Converted") : run == convertsAll
                    ? Set.of(PKG + "Converted", PKG + "Kept") : Set.of();
            if (!converted.equals(expected)) {
                problems.add(who + " converted " + converted + ", expected " + expected);
            }
            for (String file : List.of("agent/", "plain/")) {
                Read a = with.get(file + LABEL);
                if (a == null) {
                    problems.add(who + ": " + file + LABEL + " not read");
                    continue;
                }
                List<String> found = new ArrayList<>();
                // the agent's stream holds other bytes than the truth's (its flags were checked when it was written)
                LegacyDumps.compare(truth, a, converted, file.equals("agent/") ? Source.OTHER : Source.SAME_PLAIN_FILE,
                        found);
                found.forEach(f -> problems.add(who + ", reading the " + file.replace("/", "") + " stream: " + f));
            }
            problems.addAll(LegacyDumps.stderrProblems(run, line -> false));
        }
        LegacyDumps.assertNone(jdk + ": one stream with both formats", problems, plainWriter, agentWriter, plain,
                sameConfig, convertsAll, convertsNone);
    }
}
