package dev.serialboost.agent;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.io.Reader;
import java.util.stream.Stream;

/**
 * A JDK the end-to-end tests start child JVMs on: the JDK running the tests (17, the default {@code java})
 * and Temurin 25 from the {@code serialboost.jdk25.home} system property (set by the failsafe plugin).
 *
 * <p>Tests take a {@code Jdk} as parameter ({@code @MethodSource("dev.serialboost.agent.Jdk#both")}) and call
 * {@link #assumeInstalled()} first: a JDK whose home has no {@code bin/java} skips the test with a printed
 * reason instead of failing it.
 */
public record Jdk(String label, Path home, int feature, String missingReason) {

    /** The JDK the test JVM runs on. */
    public static Jdk current() {
        return new Jdk("JDK " + Runtime.version().feature(), Path.of(System.getProperty("java.home")),
                Runtime.version().feature(), null);
    }

    /** Temurin 25, or a JDK that skips its tests with the reason it is not there. */
    public static Jdk jdk25() {
        String property = System.getProperty("serialboost.jdk25.home");
        if (property == null || property.isBlank()) {
            return new Jdk("JDK 25", Path.of("(unset)"), 25, "the system property serialboost.jdk25.home is not set"
                    + " (the failsafe plugin sets it; run the ITs through Maven)");
        }
        Path home = Path.of(property);
        if (!Files.isExecutable(home.resolve("bin/java"))) {
            return new Jdk("JDK 25", home, 25, "no executable " + home.resolve("bin/java")
                    + " (serialboost.jdk25.home=" + property + ")");
        }
        return new Jdk("JDK " + feature(home, 25), home, feature(home, 25), null);
    }

    /** Both JDKs, for {@code @MethodSource}. */
    public static Stream<Jdk> both() {
        return Stream.of(current(), jdk25());
    }

    /** Skips the calling test, printing why, when this JDK is not installed. */
    public void assumeInstalled() {
        if (missingReason != null) {
            String message = "skipping the " + label + " variant: " + missingReason;
            System.out.println(message);
            Assumptions.assumeTrue(false, message);
        }
    }

    public Path java() {
        return home.resolve("bin/java");
    }

    /** The feature version from the JDK's {@code release} file. */
    private static int feature(final Path home, final int otherwise) {
        Properties release = new Properties();
        try (Reader in = Files.newBufferedReader(home.resolve("release"))) {
            release.load(in);
        } catch (IOException e) {
            return otherwise;
        }
        String version = release.getProperty("JAVA_VERSION", "").replace("\"", "");
        try {
            return Integer.parseInt(version.split("[.+-]")[0]);
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    @Override
    public String toString() {
        return label;
    }
}
