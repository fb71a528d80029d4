package dev.serialboost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.serialboost.it.StreamFlags;
import dev.serialboost.it.bytebuddy.OwnByteBuddyApp;
import dev.serialboost.testing.Jdk;

import net.bytebuddy.ByteBuddy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The agent jar sits on the system class path, so it must not bring classes that clash with the application's
 * own: no un-relocated Byte Buddy or ASM, no module descriptor. An application carrying its own, older Byte Buddy
 * (1.14.19) generates a subclass of a converted class at run time and serializes it, with the agent.
 */
class OwnByteBuddyIT {

    private static final String PKG = "dev.serialboost.it.bytebuddy.";

    @Test
    void agentJarHoldsNoUnrelocatedBytecodeLibraryAndNoModuleDescriptor() throws IOException {
        List<String> offending = new ArrayList<>();
        int classes = 0;
        try (JarFile jar = new JarFile(JvmRunner.agentJar().toFile())) {
            for (JarEntry entry : Collections.list(jar.entries())) {
                String name = entry.getName();
                classes += name.endsWith(".class") ? 1 : 0;
                if (name.startsWith("net/bytebuddy/") || name.startsWith("org/objectweb/asm/")
                        || name.endsWith("module-info.class")) {
                    offending.add(name);
                }
            }
        }
        assertEquals(List.of(), offending, "entries of " + JvmRunner.agentJar() + " that would clash with the"
                + " application's own libraries (or make it a module)");
        if (classes == 0) {
            throw new AssertionError(JvmRunner.agentJar() + " holds no class at all");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void applicationWithItsOwnByteBuddyRunsWithTheAgent(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult run = JvmRunner.on(jdk).classpath(JvmRunner.locationOf(ByteBuddy.class))
                .withAgent("convert=all,verbose=true")
                .run(OwnByteBuddyApp.class);
        List<String> expected = List.of(
                "byte-buddy-jar=byte-buddy-1.14.19.jar",
                "generated=" + PKG + "GeneratedGreeter greet=hello from a generated subclass",
                "greeter externalizable=false converted=true flags=" + StreamFlags.CONVERTED_LAYOUT
                        + " greet=hello ada copy: root: #1 | #1 " + PKG + "Greeter |   " + PKG
                        + "Greeter.greetings: 1 |   " + PKG + "Greeter.name: #2 | #2 String \"ada\"",
                "generated copy class=" + PKG + "GeneratedGreeter externalizable=false converted=true"
                        + " greet=hello from a generated subclass name=null");
        if (!run.stdoutLines().equals(expected)) {
            throw run.fail("expected stdout:\n" + String.join("\n", expected));
        }
        List<String> problems = run.stderrProblems();
        if (!problems.isEmpty()) {
            throw run.fail("stderr problems:\n  - " + String.join("\n  - ", problems));
        }
    }
}
