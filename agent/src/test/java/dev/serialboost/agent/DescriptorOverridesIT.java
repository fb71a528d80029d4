package dev.serialboost.agent;

import dev.serialboost.it.overrides.OverridesApp;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converted data read through a class descriptor other than the one its writer used (issue 33, item 3): {@link
 * OverridesApp} writes objects and reads them back in the same JVM through stream classes whose {@code
 * readClassDescriptor} returns another descriptor than the one it read (a rename migration, {@code lookup(cl)} for
 * every descriptor, an earlier stream's descriptors, those of an earlier stream of the other format) for a class of
 * primitives only (a bulk record), one of references (shared, and to itself), one of final fields, one with {@code
 * writeObject}/{@code readObject}, and a hierarchy of two converted levels (and the all-primitive object alone in its
 * stream, which a misread of its bulk record left with other values and no exception). Run without the agent, with it
 * (default mode), with {@code convert=all} and with {@code convert=all,engine=false} on each JDK: each line is the line
 * without the agent, the same graph read and the stream in step after it; where the descriptor returned has other
 * fields than the data ({@value OverridesApp#OTHER_FIELDS}), which plain JDK misreads as it can, the converted format
 * may instead be refused with an {@code InvalidClassException} naming the class and saying why, and never read into
 * other values.
 */
class DescriptorOverridesIT {

    private static final String REFUSED = "threw java.io.InvalidClassException: dev.serialboost.it.overrides.Model$";
    private static final String REASON = "; the class descriptor readClassDescriptor returned does not describe the"
            + " data: the stream has dev.serialboost.it.overrides.Model$";

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void convertedDataReadThroughAnotherDescriptorReadsAsPlainJdkReadsOrIsRefused(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).run(OverridesApp.class);
        JvmResult engine = JvmRunner.on(jdk).withAgent("").run(OverridesApp.class);
        JvmResult converted = JvmRunner.on(jdk).withAgent("convert=all,verbose=true").run(OverridesApp.class);
        JvmResult withoutEngine = JvmRunner.on(jdk).withAgent("convert=all,engine=false").run(OverridesApp.class);

        Map<String, String> expected = lines(plain);
        if (expected.size() != 30 || !expected.get("rename/primitives").contains("then end")
                || !expected.get("rename/write-read-object").contains("String \"checked\"")) {
            throw plain.fail("test bug: without the agent every rename reads, in step");
        }
        if (!engine.stdout().equals(plain.stdout())) {
            throw engine.fail("default mode: the output differs from the run without the agent:\n" + plain.stdout());
        }
        for (String name : List.of("OldTick", "OldCustomer", "OldLine", "OldAudited", "OldChild", "NewTick")) {
            String line = JvmRunner.PREFIX + "dev.serialboost.it.overrides.Model$" + name + " converted (";
            if (converted.agentLines().stream().noneMatch(l -> l.startsWith(line))) {
                throw converted.fail("Model$" + name + " was not converted");
            }
        }
        for (JvmResult run : List.of(converted, withoutEngine)) {
            Map<String, String> actual = lines(run);
            if (!actual.keySet().equals(expected.keySet())) {
                throw run.fail("other scenarios than without the agent:\n" + plain.stdout());
            }
            for (Map.Entry<String, String> e : expected.entrySet()) {
                String line = actual.get(e.getKey());
                boolean refusedAsAllowed = e.getKey().startsWith(OverridesApp.OTHER_FIELDS)
                        && line.startsWith(REFUSED) && line.contains(REASON);
                if (!line.equals(e.getValue()) && !refusedAsAllowed) {
                    throw run.fail(e.getKey() + ": expected\n  " + e.getValue() + "\n(or, for other fields, a"
                            + " refusal), got\n  " + line);
                }
            }
        }
    }

    private static Map<String, String> lines(final JvmResult run) {
        Map<String, String> lines = new LinkedHashMap<>();
        for (String line : run.stdoutLines()) {
            int colon = line.indexOf(": ");
            lines.put(line.substring(0, colon), line.substring(colon + 2));
        }
        return lines;
    }
}
