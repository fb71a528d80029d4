package dev.serialboost.agent.cli;

import dev.serialboost.agent.config.AgentConfig;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code java -jar serialboost-agent.jar ...}: {@code scan} lists the decisions for the classes of a jar, a directory
 * or a class path ({@link Scan}); {@code attach PID [settings]} loads the agent into a running JVM ({@link Attach});
 * {@code stats PID [--seconds N] [--json]} shows what a running JVM serializes ({@link Stats});
 * {@code filter FILE} prints the {@code jdk.serialFilter} pattern made of a {@code record-classes} file ({@link
 * Filter}); without arguments, how to use the jar ({@code usage.txt} beside this class).
 */
public final class CommandLine {

    private CommandLine() {
    }

    /** Runs the command {@code args} names; the exit code. */
    public static int run(final List<String> args, final String version, final PrintStream out,
                          final PrintStream err) {
        if (!args.isEmpty() && args.get(0).equals("scan")) {
            return Scan.run(args.subList(1, args.size()), out, err);
        }
        if (!args.isEmpty() && args.get(0).equals("filter")) {
            return Filter.run(args.subList(1, args.size()), out, err);
        }
        if (!args.isEmpty() && args.get(0).equals("attach")) {
            return Attach.run(args.subList(1, args.size()), out, err);
        }
        if (!args.isEmpty() && args.get(0).equals("stats")) {
            return Stats.run(args.subList(1, args.size()), out, err);
        }
        out.print(usage(version));
        return 0;
    }

    /** How to use the jar, for {@code version}. */
    static String usage(final String version) {
        try (InputStream in = CommandLine.class.getResourceAsStream("usage.txt")) {
            if (in == null) {
                throw new IllegalStateException("the agent jar has no usage.txt");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("{version}", version)
                    .replace("{settings}", String.join(", ", AgentConfig.SETTINGS));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read usage.txt", e);
        }
    }
}
