package dev.serialboost.agent;

import dev.serialboost.it.secured.SecuredStreams;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Under a Security Manager (JDK 17-23) whose policy grants the agent's jar everything and the application nothing,
 * the engine layer is on and does its work, though it sets itself up on the application's thread, below the
 * application's frames, when the first stream class loads: {@link SecuredStreams} writes and reads a long stream
 * and a stream per object, and with the agent the bytes and graphs equal those without it, the engine is on the
 * stack of both streams, and the agent says nothing but its start-up and summary lines (no "engine layer is off").
 * JDK 24 and later have no Security Manager.
 */
class SecurityManagerIT {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void theEngineWorksUnderASecurityManagerThatGrantsOnlyTheAgent(final Jdk jdk, @TempDir final Path dir)
            throws IOException {
        jdk.assumeInstalled();
        if (jdk.feature() >= 24) {
            String why = "skipping the " + jdk + " variant: it has no Security Manager (removed in JDK 24)";
            System.out.println(why);
            Assumptions.assumeTrue(false, why);
        }
        Path policy = dir.resolve("agent-only.policy");
        Files.writeString(policy, "grant codeBase \"" + JvmRunner.agentJar().toUri() + "\" {\n"
                + "    permission java.security.AllPermission;\n};\n");
        String[] options = {"-Djava.security.manager", "-Djava.security.policy==" + policy};
        JvmResult plain = JvmRunner.on(jdk).jvmArgs(options).run(SecuredStreams.class);
        JvmResult agent = JvmRunner.on(jdk).jvmArgs(options).withAgent("").run(SecuredStreams.class);

        List<String> p = plain.stdoutLines();
        if (p.size() != 1 || !p.get(0).matches("crc32=\\p{XDigit}+ equal=true engine-in-write=false"
                + " engine-in-read=false security-manager=true")) {
            throw plain.fail("test bug: unexpected output without the agent");
        }
        List<String> problems = new ArrayList<>();
        String expected = p.get(0).replace("engine-in-write=false engine-in-read=false",
                "engine-in-write=true engine-in-read=true");
        if (!agent.stdoutLines().equals(List.of(expected))) {
            problems.add("expected '" + expected + "' (the same bytes and graphs, the engine on the stack), got "
                    + agent.stdoutLines());
        }
        for (String line : agent.stderrLines()) {
            boolean jdkWarning = line.startsWith("WARNING: ") && line.contains("Security Manager");
            if (!jdkWarning && (!line.startsWith(JvmRunner.PREFIX) || line.contains("engine layer is")
                    || line.contains("could not start"))) {
                problems.add("stderr: " + line);
            }
        }
        if (!problems.isEmpty()) {
            throw agent.fail(jdk + ":\n  - " + String.join("\n  - ", problems) + "\n" + plain.describe());
        }
    }
}
