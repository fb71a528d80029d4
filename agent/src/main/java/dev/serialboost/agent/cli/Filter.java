package dev.serialboost.agent.cli;

import dev.serialboost.agent.filter.FilterPattern;
import dev.serialboost.agent.filter.Recording;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code java -jar serialboost-agent.jar filter FILE [--packages] [--headroom N]}: prints, on stdout and alone, the
 * {@code jdk.serialFilter} pattern made of a {@code record-classes} file ({@link FilterPattern}), ready for {@code
 * -Djdk.serialFilter=...}, a {@code java.security} property file or the agent's {@code filter} setting. What the
 * pattern was made of goes to stderr.
 */
public final class Filter {

    private static final String USAGE = "usage: java -jar serialboost-agent.jar filter FILE [--packages]"
            + " [--headroom N]";

    private Filter() {
    }

    /** @return 0 when the pattern was printed, 1 when the file cannot be read, 64 for bad arguments */
    public static int run(final List<String> args, final PrintStream out, final PrintStream err) {
        Path file = null;
        boolean packages = false;
        double headroom = FilterPattern.DEFAULT_HEADROOM;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--packages")) {
                packages = true;
            } else if (a.equals("--headroom") && i + 1 < args.size()) {
                try {
                    headroom = Double.parseDouble(args.get(++i));
                } catch (NumberFormatException e) {
                    headroom = Double.NaN;
                }
                if (!(headroom >= 1) || Double.isInfinite(headroom)) {
                    err.println("--headroom takes a factor of at least 1 (2 doubles the recorded limits), not '"
                            + args.get(i) + "'");
                    return 64;
                }
            } else if (!a.startsWith("--") && file == null) {
                file = Path.of(a);
            } else {
                err.println(USAGE);
                return 64;
            }
        }
        if (file == null) {
            err.println(USAGE);
            return 64;
        }
        Recording recording;
        try {
            recording = Recording.read(file);
        } catch (IOException e) {
            err.println("cannot read the recording: " + e.getMessage());
            return 1;
        }
        out.println(FilterPattern.of(recording, packages, headroom));
        err.println("made of " + recording.classes().size() + " classes and the limits of "
                + recording.streams().size() + " stream classes (headroom " + headroom + ")"
                + (recording.droppedClasses() + recording.droppedStreams() > 0
                ? "; the recording was full and dropped " + recording.droppedClasses() + " classes and "
                + recording.droppedStreams() + " stream classes, which the pattern rejects" : ""));
        return 0;
    }
}
