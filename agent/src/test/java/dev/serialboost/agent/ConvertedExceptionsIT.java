package dev.serialboost.agent;

import dev.serialboost.it.errors.ErrorsApp;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;

/**
 * The JDK's exceptions for the same bad input in every mode (issue 33, item 4): {@link ErrorsApp} reads streams
 * with an {@code Integer} where a class has a {@code String} field (in a field, in a superclass's and a subclass's
 * level and both, in a final field, in a level with {@code writeObject}/{@code readObject}, in an object held by
 * another), written in the stream's own format (with {@code convert=all}, the converted format) and in the plain
 * format (read into converted classes), and plain streams whose descriptor of a {@code Serializable} class has
 * {@code Externalizable} flags (the JDK's {@code 0x0C} and {@code 0x04}, serialboost's marks {@code 0x05} and {@code
 * 0x0D}, and flags that conflict). Without the agent, with it (default mode), with {@code convert=all} and with
 * {@code convert=all,engine=false}, on each JDK, every line is the line without the agent: the same exception type
 * and message ({@code cannot assign instance of ... to field ...}, {@code Serializable incompatible with
 * Externalizable}, ...).
 */
class ConvertedExceptionsIT {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void badInputGivesTheJdksExceptionsInEveryMode(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).run(ErrorsApp.class);
        List<String> lines = plain.stdoutLines();
        if (lines.size() != 28 || lines.stream().filter(l -> l.contains(": threw java.lang.ClassCastException:"
                + " cannot assign instance of java.lang.Integer to field ")).count() != 14
                || lines.stream().filter(l -> l.endsWith("; Serializable incompatible with Externalizable"))
                .count() != 8) {
            throw plain.fail("test bug: without the agent, expected 14 'cannot assign' and 8 'Serializable"
                    + " incompatible with Externalizable' lines");
        }
        JvmResult converted = JvmRunner.on(jdk).withAgent("convert=all,verbose=true").run(ErrorsApp.class);
        for (String name : List.of("Labelled", "Base", "Child", "Frozen", "Audited", "Box")) {
            String line = JvmRunner.PREFIX + "dev.serialboost.it.errors.Labels$" + name + " converted (";
            if (converted.agentLines().stream().noneMatch(l -> l.startsWith(line))) {
                throw converted.fail("Labels$" + name + " was not converted");
            }
        }
        for (JvmResult run : List.of(JvmRunner.on(jdk).withAgent("").run(ErrorsApp.class), converted,
                JvmRunner.on(jdk).withAgent("convert=all,engine=false").run(ErrorsApp.class))) {
            if (!run.stdout().equals(plain.stdout())) {
                throw run.fail("the output differs from the run without the agent:\n" + plain.stdout());
            }
        }
    }
}
