package dev.serialboost.agent;

import dev.serialboost.agent.LegacyDumps.Read;
import dev.serialboost.agent.LegacyDumps.Source;
import dev.serialboost.it.legacy.LegacyRead;
import dev.serialboost.it.legacy.LegacyWrite;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Serialization filters keep guarding plain streams read into converted classes: streams written without the
 * agent hold, inside a field of a converted {@code Holder}, an object of a class a filter rejects, or an array
 * longer than a filter allows. Read with and without the agent, under the JVM-wide filter
 * ({@code -Djdk.serialFilter}) or a stream's own filter ({@code ObjectInputStream.setObjectInputFilter}), each is
 * rejected with the same {@code InvalidClassException}, and no code of the rejected class ran: neither its static
 * initializer nor the constructor plain JDK reading would run for an instance (both leave a witness system
 * property when they do, as they did in the writer).
 */
class LegacyFiltersIT {

    private static final String PKG = "dev.serialboost.it.legacy.filters.";
    private static final String REJECTED = "read-failed java.io.InvalidClassException: filter status: REJECTED";
    private static final String JVM_WIDE = "-Djdk.serialFilter=!" + PKG + "Forbidden";
    private static final List<String> WITNESSES = List.of("Forbidden.static-init", "Forbidden.instance",
            "AlsoForbidden.static-init", "AlsoForbidden.instance");

    /** Label to what plain JDK reading must give. */
    private static final Map<String, String> PLAIN_OUTCOMES = new LinkedHashMap<>();

    static {
        PLAIN_OUTCOMES.put("Holder-allowed", "read");
        PLAIN_OUTCOMES.put("Holder-forbidden", REJECTED);
        PLAIN_OUTCOMES.put("Holder-forbiddenNested", REJECTED);
        PLAIN_OUTCOMES.put("stream-filter/Holder-alsoForbidden", REJECTED);
        PLAIN_OUTCOMES.put("maxarray/Holder-bigArray", REJECTED);
        PLAIN_OUTCOMES.put("maxarray/Holder-allowed", "read");
    }

    @TempDir
    static Path dir;

    private static JvmResult writer;

    @BeforeAll
    static void writeWithoutTheAgent() {
        List<String> args = new ArrayList<>(List.of(dir.toString(), "--witnesses"));
        for (String method : List.of("allowed", "forbidden", "forbiddenNested", "alsoForbidden", "bigArray")) {
            args.add("--sample=" + PKG + "Holder#" + method);
        }
        writer = JvmRunner.on(Jdk.current()).run(LegacyWrite.class, args.toArray(String[]::new));
        for (CorpusDumps.Block b : CorpusDumps.parse(writer).values()) {
            if (!b.fixture().equals("witnesses") && !b.outcome().startsWith("written ")) {
                throw writer.fail("test bug: the writer could not write " + b.fixture() + ": " + b.outcome());
            }
        }
        for (String witness : WITNESSES) {
            if (!writer.stdoutLines().contains("witness legacy.witness." + witness + "=" + (witness.endsWith("init")
                    ? "ran" : "created"))) {
                throw writer.fail("test bug: the writer, which made the forbidden objects, should show the witness "
                        + witness);
            }
        }
    }

    private static String file(final String method) {
        return dir.resolve("Holder-" + method + ".ser").toString();
    }

    @ParameterizedTest(name = "read on {0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void filtersRejectInsidePlainStreamsOfConvertedClassesAsWithoutTheAgent(final Jdk jdk) {
        jdk.assumeInstalled();
        String[] args = {"--witnesses", file("allowed"), file("forbidden"), file("forbiddenNested"),
            "--prefix=stream-filter/", "--filter=!" + PKG + "AlsoForbidden", file("alsoForbidden"),
            "--prefix=maxarray/", "--filter=maxarray=100", file("bigArray"), file("allowed")};
        JvmResult plain = JvmRunner.on(jdk).jvmArgs(JVM_WIDE).run(LegacyRead.class, args);
        JvmResult agent = JvmRunner.on(jdk).jvmArgs(JVM_WIDE).withAgent("convert=all,verbose=true")
                .run(LegacyRead.class, args);
        Map<String, Read> without = LegacyDumps.parse(plain);
        Map<String, Read> with = LegacyDumps.parse(agent);
        Set<String> converted = CorpusDumps.converted(agent);

        List<String> problems = new ArrayList<>();
        if (!converted.contains(PKG + "Holder")) {
            problems.add(PKG + "Holder was not converted");
        }
        for (Map.Entry<String, String> e : PLAIN_OUTCOMES.entrySet()) {
            Read p = without.get(e.getKey());
            Read a = with.get(e.getKey());
            if (p == null || a == null) {
                problems.add(e.getKey() + " was not read in both runs");
                continue;
            }
            if (!p.outcome().equals(e.getValue())) {
                problems.add("test bug? " + e.getKey() + ": plain JDK reading gives '" + p.outcome() + "', the test"
                        + " expects '" + e.getValue() + "'");
            }
            LegacyDumps.compare(p, a, converted, Source.SAME_PLAIN_FILE, problems);
        }
        for (JvmResult run : List.of(plain, agent)) {
            List<String> witnesses = run.stdoutLines().stream().filter(l -> l.startsWith("witness ")).toList();
            if (!witnesses.isEmpty()) {
                problems.add((run == agent ? "with" : "without") + " the agent, code of a rejected class ran: "
                        + witnesses);
            }
        }
        problems.addAll(LegacyDumps.stderrProblems(agent, line -> false));
        LegacyDumps.assertNone(jdk + ": filters on plain streams (" + JVM_WIDE + ")", problems, writer, plain, agent);
    }
}
