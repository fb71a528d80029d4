package dev.serialboost.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A JVM started by the runner (self-checks, start-up timing, the class-loading app): the same {@code java} as
 * the runner, the environment without anything that would attach or configure an agent behind the runner's
 * back, both outputs captured, a time limit.
 */
public final class Child {

    /** Environment variables that would change what a child JVM runs; never passed on. */
    public static final List<String> SCRUBBED = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    /** The time limit of the runner's child JVMs (self-checks, start-up, transform-time and class-loading runs). */
    public static final Duration TIMEOUT = Duration.ofMinutes(5);

    /** What a child did. */
    public record Result(List<String> command, int exitCode, String stdout, String stderr, long nanos) {
        /** Its wall time. */
        public double millis() {
            return nanos / 1e6;
        }

        /** Throws with the command and both outputs unless the exit code was 0. */
        public Result requireSuccess(final String what) {
            if (exitCode != 0) {
                throw new IllegalStateException(what + " failed with exit code " + exitCode + "\n  command: "
                        + String.join(" ", command) + "\n  stdout: " + tail(stdout) + "\n  stderr: " + tail(stderr));
            }
            return this;
        }

        private static String tail(final String s) {
            return s.length() <= 4000 ? s : "..." + s.substring(s.length() - 4000);
        }
    }

    private Child() {
    }

    /** The {@code java} launcher of the running JVM. */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Runs {@code command} to completion (or kills it after {@code timeout}). */
    public static Result run(final List<String> command, final Duration timeout) {
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("SERIALBOOST_") || SCRUBBED.contains(name));
        long start = System.nanoTime();
        try {
            Process p = builder.start();
            Drain out = new Drain(p.getInputStream());
            Drain err = new Drain(p.getErrorStream());
            out.start();
            err.start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                p.waitFor();
            }
            long nanos = System.nanoTime() - start;
            out.join();
            err.join();
            int code = p.exitValue();
            return new Result(new ArrayList<>(command), code, out.text(), err.text(), nanos);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    private static final class Drain extends Thread {
        private final InputStream in;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        Drain(final InputStream in) {
            this.in = in;
            setDaemon(true);
        }

        @Override
        public void run() {
            try (in) {
                in.transferTo(bytes);
            } catch (IOException e) {
                // the process died; what was read is what there is
            }
        }

        String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }
}
