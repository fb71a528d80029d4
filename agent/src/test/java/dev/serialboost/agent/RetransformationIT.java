package dev.serialboost.agent;

import dev.serialboost.it.StreamFlags;
import dev.serialboost.it.retransform.RetransformingAgentApp;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Another agent retransforms a class serialboost converted as it loaded. The converting transformer is not
 * retransformation-capable, so the converted class file is the one the retransformation starts from: it succeeds, and
 * the class keeps its members and the converted format.
 */
class RetransformationIT {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void anotherAgentsRetransformationOfAConvertedClassKeepsItConverted(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        Path other = JvmRunner.runsDirectory().resolve("retransforming-agent.jar");
        Files.createDirectories(other.getParent());
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", RetransformingAgentApp.class.getName());
        manifest.getMainAttributes().putValue("Can-Retransform-Classes", "true");
        try (OutputStream out = Files.newOutputStream(other);
             JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.flush();
        }
        JvmResult run = JvmRunner.on(jdk).withAgent("convert=all").jvmArgs("-javaagent:" + other)
                .run(RetransformingAgentApp.class);
        List<String> expected = List.of("retransformed seen=1 same members=true",
                "flags=" + StreamFlags.CONVERTED_LAYOUT + " copy=3 three");
        if (!run.stdoutLines().equals(expected)) {
            throw run.fail("expected stdout:\n" + String.join("\n", expected));
        }
        List<String> problems = run.stderrProblems();
        if (!problems.isEmpty()) {
            throw run.fail("stderr problems:\n  - " + String.join("\n  - ", problems));
        }
    }
}
