package dev.serialboost.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.agent.CorpusDumps.Block;
import dev.serialboost.it.CorpusDump;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The whole transformer corpus end to end: {@link CorpusDump} runs every fixture in one JVM with plain JDK
 * streams, once without the agent and once with the real shaded jar, and the two dumps must be the same graph
 * for every fixture. A converted class stays what it was to the program ({@code Externalizable} exactly as without
 * the agent) and carries serialboost's synthetic bodies exactly when the agent says it converted it. A fixture whose
 * graph holds converted classes is written in serialboost's format (another stream); one whose graph holds none is
 * written byte for byte as without the agent, and so is a subclass the agent cannot convert under a converted
 * superclass: the JDK writes that hierarchy in the plain format.
 *
 * <p>The expectations mirror {@code CorpusRoundTripTest} in the transformer module (its {@code readFailsBoth},
 * {@code writeFailsBoth} and {@code writtenPlain} cases); every other fixture must round-trip in both modes.
 */
class CorpusIT {

    private static final String CORPUS = "dev.serialboost.corpus.";

    private enum Outcome {
        /** Round-trips in both modes, same graph. */
        ROUND_TRIP,
        /** Writing succeeds and reading fails the same way in both modes (the JDK cannot read it either). */
        READ_FAILS_BOTH,
        /** Writing fails the same way in both modes. */
        WRITE_FAILS_BOTH,
        /**
         * Round-trips in both modes, same graph; with the agent a class below a converted one is not converted, so
         * the JDK writes the hierarchy in the plain format: the same stream as without the agent.
         */
        WRITTEN_PLAIN
    }

    /**
     * @param failure     the exception class name of the failing modes
     * @param messagePart what the exception message must contain
     * @param classes     for {@link Outcome#WRITTEN_PLAIN}: the unconverted subclass, then its converted superclass
     */
    private record Expected(Outcome outcome, String failure, String messagePart, List<String> classes) {
    }

    /** Fixtures that do not simply round-trip the same in both modes, as {@code CorpusRoundTripTest} declares. */
    private static final Map<String, Expected> EXPECTED = Map.of(
            fx("hierarchy", "PackageCtorElsewhereCase"), readFailsBoth("java.io.InvalidClassException", "no valid constructor"),
            fx("hierarchy", "NoNoArgCase"), readFailsBoth("java.io.InvalidClassException", "no valid constructor"),
            fx("hierarchy", "PrivateCtorBaseCase"), readFailsBoth("java.io.InvalidClassException", "no valid constructor"),
            fx("custom", "NonSerializableFieldCase"),
            new Expected(Outcome.WRITE_FAILS_BOTH, "java.io.NotSerializableException", "HoldsNonSerializable$Opaque", List.of()),
            fx("custom", "PersistentFieldsChildCase"), writtenPlain(CORPUS + "custom.PersistentFieldsChild"));

    /** Classes of DESIGN.md's workloads: if these are not converted, the run proves nothing. */
    private static final List<String> MUST_CONVERT = List.of(CORPUS + "workloads.MarketData",
            CORPUS + "workloads.Employee", CORPUS + "workloads.Order", CORPUS + "workloads.Sample");

    private static String fx(final String pkg, final String simpleName) {
        return CORPUS + pkg + ".Fixtures$" + simpleName;
    }

    private static Expected readFailsBoth(final String failure, final String messagePart) {
        return new Expected(Outcome.READ_FAILS_BOTH, failure, messagePart, List.of());
    }

    private static Expected writtenPlain(final String subclass) {
        return new Expected(Outcome.WRITTEN_PLAIN, null, null, List.of(subclass, CORPUS + "custom.ConvertedParent"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyFixtureGivesTheSameGraphWithAndWithoutTheAgent(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).run(CorpusDump.class);
        JvmResult agent = JvmRunner.on(jdk).withAgent("convert=all,verbose=true").run(CorpusDump.class);

        Map<String, Block> without = CorpusDumps.parse(plain);
        Map<String, Block> with = CorpusDumps.parse(agent);
        Set<String> converted = CorpusDumps.converted(agent);
        JvmResult.Summary summary = agent.summary();

        List<String> problems = new ArrayList<>();
        if (summary.converted() == 0) {
            problems.add("the agent converted nothing: " + summary.line());
        }
        if (summary.converted() != converted.size()) {
            problems.add("the summary counts " + summary.converted() + " converted classes, the verbose lines name "
                    + converted.size());
        }
        for (String name : MUST_CONVERT) {
            if (!converted.contains(name)) {
                problems.add(name + " was not converted");
            }
        }
        if (without.size() < 45) {
            problems.add("only " + without.size() + " fixtures found; the corpus has at least 45");
        }
        if (!without.keySet().equals(with.keySet())) {
            problems.add("the two runs ran different fixtures: without agent " + without.keySet() + ", with agent "
                    + with.keySet());
        }
        for (String name : EXPECTED.keySet()) {
            if (!without.containsKey(name)) {
                problems.add("expected fixture " + name + " does not exist (renamed? update CorpusIT.EXPECTED)");
            }
        }

        List<String> checkFailures = new ArrayList<>();
        for (String name : new TreeSet<>(without.keySet())) {
            Block p = without.get(name);
            Block a = with.get(name);
            if (a == null) {
                continue;
            }
            compare(EXPECTED.getOrDefault(name, new Expected(Outcome.ROUND_TRIP, null, null, List.of())), p, a,
                    converted, problems, checkFailures);
        }
        if (!problems.isEmpty()) {
            throw new AssertionError(jdk + ": " + problems.size() + " problem(s) comparing the corpus without and with"
                    + " the agent (full outputs under " + JvmRunner.runsDirectory() + ", runs " + plain.label() + " and "
                    + agent.label() + "):\n  - " + String.join("\n  - ", problems) + "\nagent stderr:\n"
                    + String.join("\n", agent.agentLines().stream().filter(l -> !l.contains(" converted (")).toList()));
        }

        // A check that failed the same way in both modes may depend on static state left by fixtures that ran
        // earlier in the same JVM (the corpus is written for one class loader per case): run it alone.
        for (String name : checkFailures) {
            JvmResult alonePlain = JvmRunner.on(jdk).run(CorpusDump.class, "--only=" + name);
            JvmResult aloneAgent = JvmRunner.on(jdk).withAgent("convert=all,verbose=true")
                    .run(CorpusDump.class, "--only=" + name);
            Block p = CorpusDumps.parse(alonePlain).get(name);
            Block a = CorpusDumps.parse(aloneAgent).get(name);
            List<String> aloneProblems = new ArrayList<>();
            if (p == null || a == null) {
                aloneProblems.add("the fixture did not run alone");
            } else {
                compare(EXPECTED.getOrDefault(name, new Expected(Outcome.ROUND_TRIP, null, null, List.of())), p, a,
                        CorpusDumps.converted(aloneAgent), aloneProblems, new ArrayList<>());
                if (!"ok".equals(p.check()) || !"ok".equals(a.check())) {
                    aloneProblems.add(name + ": the fixture's check fails even when it runs alone: without agent '"
                            + p.check() + "', with agent '" + a.check() + "'");
                }
            }
            assertTrue(aloneProblems.isEmpty(), jdk + ", " + name + " run alone:\n  - "
                    + String.join("\n  - ", aloneProblems) + "\n" + alonePlain.describe() + "\n" + aloneAgent.describe());
        }
    }

    /**
     * Compares one fixture's blocks. A check that fails identically in both modes is not a difference; it is
     * added to {@code checkFailures} to be run alone.
     */
    private static void compare(final Expected expected, final Block p, final Block a, final Set<String> converted,
                                final List<String> problems, final List<String> checkFailures) {
        String name = p.fixture();
        switch (expected.outcome()) {
            case ROUND_TRIP, WRITTEN_PLAIN -> {
                if (!p.outcome().equals("round-trip") || !a.outcome().equals("round-trip")) {
                    problems.add(name + ": expected to round-trip in both modes; without agent: " + p.outcome()
                            + "; with agent: " + a.outcome());
                    return;
                }
                compareChecks(p, a, problems, checkFailures);
                String difference = CorpusDumps.firstDifference(p.graph(), a.graph());
                if (difference != null) {
                    problems.add(name + ": the copies differ, " + difference);
                }
            }
            case READ_FAILS_BOTH, WRITE_FAILS_BOTH -> {
                String prefix = (expected.outcome() == Outcome.READ_FAILS_BOTH ? "read-failed " : "write-failed ")
                        + expected.failure() + ": ";
                if (!p.outcome().startsWith(prefix) || !p.outcome().contains(expected.messagePart())) {
                    problems.add(name + ": expected '" + prefix + "...' containing '" + expected.messagePart()
                            + "' without the agent, got: " + p.outcome());
                }
                if (!a.outcome().equals(p.outcome())) {
                    problems.add(name + ": expected the same failure in both modes; without agent: " + p.outcome()
                            + "; with agent: " + a.outcome());
                }
            }
            default -> throw new IllegalStateException("unknown outcome " + expected.outcome());
        }
        if (!CorpusDumps.compareClasses(name, p, a, converted, problems)
                || expected.outcome() != Outcome.ROUND_TRIP && expected.outcome() != Outcome.WRITTEN_PLAIN) {
            return;
        }
        if (p.stream() == null || a.stream() == null) {
            problems.add(name + ": CorpusDump printed no stream line for a round trip");
            return;
        }
        if (expected.outcome() == Outcome.WRITTEN_PLAIN) {
            String subclass = expected.classes().get(0);
            String superclass = expected.classes().get(1);
            if (converted.contains(subclass) || !converted.contains(superclass)) {
                problems.add(name + ": expected " + superclass + " converted and " + subclass + " not; converted: "
                        + superclass + " " + converted.contains(superclass) + ", " + subclass + " "
                        + converted.contains(subclass));
            }
            if (!p.stream().equals(a.stream())) {
                problems.add(name + ": " + subclass + " is not converted, so the JDK must write its hierarchy in the"
                        + " plain format, the same stream as without the agent: " + p.stream() + " without, "
                        + a.stream() + " with");
            }
        } else if (p.classes().keySet().stream().anyMatch(converted::contains) == p.stream().equals(a.stream())) {
            // converted classes are written in serialboost's format; everything else as the same JDK writes it
            problems.add(name + (p.stream().equals(a.stream())
                    ? ": classes of the graph are converted, yet the stream is the one without the agent: "
                    : ": no class of the graph is converted, yet the stream differs from the one without the agent: ")
                    + p.stream() + " without, " + a.stream() + " with");
        }
    }

    private static void compareChecks(final Block p, final Block a, final List<String> problems,
                                      final List<String> checkFailures) {
        if ("ok".equals(p.check()) && "ok".equals(a.check())) {
            return;
        }
        if (Objects.equals(p.check(), a.check())) {
            checkFailures.add(p.fixture());
        } else {
            problems.add(p.fixture() + ": the fixture's check on the copy differs; without agent: " + p.check()
                    + "; with agent: " + a.check());
        }
    }
}
