package dev.serialboost.agent;

import dev.serialboost.it.safety.FilterApp;
import dev.serialboost.it.safety.FilterScenarios;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JVM-wide filter, {@code -Djdk.serialFilter}, rules classes the agent converts as it rules the originals:
 * {@link FilterApp} reads graphs that each hit one limit of {@link FilterApp#FILTER} (a rejected class in a
 * converted class's field, final field, list or array; an array longer than {@code maxarray}; a list of converted
 * nodes deeper than {@code maxdepth}; more references than {@code maxrefs}; more bytes than {@code maxbytes}), and
 * the same graphs just under the limits. With the agent every line is the line without it, and the rejected class
 * is never instantiated nor initialized in the reading class loader. The in-JVM differential tests of per-stream
 * filters are in the transformer module ({@code FilterTest}).
 */
class FilterIT {

    private static final String REJECTED = "java.io.InvalidClassException: filter status: REJECTED";

    /** What each scenario must end with, with and without the agent. */
    private static final Map<String, String> EXPECTED = new LinkedHashMap<>();

    static {
        EXPECTED.put("allowed", "read Holder(1, allowed)");
        EXPECTED.put("forbidden-in-field", REJECTED);
        EXPECTED.put("forbidden-in-final-field", REJECTED);
        EXPECTED.put("forbidden-in-list", REJECTED);
        EXPECTED.put("forbidden-in-array", REJECTED);
        EXPECTED.put("array-at-limit", "read Holder(6, int[1000])");
        EXPECTED.put("array-over-limit", REJECTED);
        EXPECTED.put("depth-under-limit", "read Node(list of 35)");
        EXPECTED.put("depth-over-limit", REJECTED);
        EXPECTED.put("refs-under-limit", "read Holder(-1, Object[500])");
        EXPECTED.put("refs-over-limit", REJECTED);
        EXPECTED.put("bytes-under-limit", "read Holder(-1, Object[50])");
        EXPECTED.put("bytes-over-limit", REJECTED);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void jvmWideFilterRejectsForConvertedClassesWhatItRejectsWithoutTheAgent(final Jdk jdk) {
        jdk.assumeInstalled();
        if (!EXPECTED.keySet().equals(new java.util.LinkedHashSet<>(FilterScenarios.NAMES))) {
            throw new AssertionError("test bug: the expectations do not cover the scenarios " + FilterScenarios.NAMES);
        }
        String filter = "-Djdk.serialFilter=" + FilterApp.FILTER;
        JvmResult plain = JvmRunner.on(jdk).jvmArgs(filter).run(FilterApp.class);
        JvmResult agent = JvmRunner.on(jdk).jvmArgs(filter).withAgent("convert=all,verbose=true").run(FilterApp.class);

        for (JvmResult run : List.of(plain, agent)) {
            boolean withAgent = run == agent;
            List<String> lines = run.stdoutLines();
            if (!lines.contains("filter=" + FilterApp.FILTER)) {
                throw run.fail("the JVM-wide filter is not in place");
            }
            for (Map.Entry<String, String> e : EXPECTED.entrySet()) {
                String expected = e.getKey() + ": " + e.getValue();
                if (!lines.contains(expected)) {
                    throw run.fail((withAgent ? "with" : "without") + " the agent, expected the line: " + expected);
                }
            }
            if (!lines.contains("forbidden-base-constructed=0 forbidden-initialized=0")) {
                throw run.fail("the rejected class was instantiated or initialized in the reading loader");
            }
            String holder = "holder externalizable=false converted=" + withAgent;
            if (!lines.contains(holder)) {
                throw run.fail("expected the line: " + holder);
            }
        }
        if (!agent.stdout().replace(" converted=true", " converted=false").equals(plain.stdout())) {
            throw agent.fail("the output differs from the run without the agent:\n" + plain.stdout());
        }
        for (String name : List.of("Holder", "Frozen", "Node", "Forbidden")) {
            String converted = JvmRunner.PREFIX + "dev.serialboost.it.safety." + name + " converted (";
            if (agent.agentLines().stream().noneMatch(l -> l.startsWith(converted))) {
                throw agent.fail("dev.serialboost.it.safety." + name + " was not converted");
            }
        }
    }
}
