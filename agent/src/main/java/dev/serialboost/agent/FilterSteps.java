package dev.serialboost.agent;

import dev.serialboost.agent.config.AgentConfig;
import dev.serialboost.agent.config.FilterSettings;
import dev.serialboost.agent.filter.FilterFile;
import dev.serialboost.agent.filter.RecordingFile;
import dev.serialboost.agent.install.FilterInstaller;
import dev.serialboost.agent.install.RuntimeInstaller;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The start-up steps of {@code record-classes} and {@code filter} ({@code docs/filters.md}), after the engine's. Each
 * says what came of it as a part of the start-up line; none throws.
 */
final class FilterSteps {

    private FilterSteps() {
    }

    /** The filter file installed in this JVM, or null; guarded by the agent's start (one at a time). */
    private static Path installed;

    /**
     * At the agent's start, with the JVM ({@code attached} false) or attached to it: the parts of the start-up line,
     * each starting with {@code "; "}, or "".
     */
    static String start(final AgentConfig config, final Instrumentation inst, final boolean engineOn,
                        final boolean attached) {
        FilterSettings f = config.filters();
        StringBuilder line = new StringBuilder();
        if (f.recordClasses() != null) {
            line.append("; ").append(record(f.recordClasses(), inst, engineOn));
        }
        if (f.filter() != null) {
            line.append("; ").append(filter(f.filter(), f.reportOnly(), inst, attached));
        }
        return line.toString();
    }

    /**
     * When the agent starts again in a JVM it runs in: starts what {@code config} adds ({@code filter}; {@code
     * record-classes} when {@code attached}); null when they add nothing.
     */
    static String again(final AgentConfig config, final Instrumentation inst, final boolean attached) {
        FilterSettings f = config.filters();
        List<String> parts = new ArrayList<>();
        if (attached && f.recordClasses() != null) {
            parts.add(record(f.recordClasses(), inst, true));
        }
        if (f.filter() != null) {
            parts.add(filter(f.filter(), f.reportOnly(), inst, attached));
        }
        return parts.isEmpty() ? null : String.join("; ", parts);
    }

    private static String record(final Path file, final Instrumentation inst, final boolean engineOn) {
        if (!engineOn) {
            return "record-classes is off: it needs the engine layer";
        }
        if (!RecordingFile.claim(file)) {
            return "recording classes to " + file + " already";
        }
        String[] outcome = new String[1];
        boolean[] late = new boolean[1];
        // started with the runtime, which the engine defines when the first stream class loads: not at start-up
        boolean now = RuntimeInstaller.whenInstalled(() -> {
            try {
                Supplier<String> lines = RuntimeInstaller.startRecording(inst);
                RecordingFile.start(file, lines, SerialboostAgent.version(), System.err);
                outcome[0] = "recording classes to " + file;
            } catch (Throwable t) {
                outcome[0] = "record-classes is off: " + cause(t);
                if (late[0]) {
                    System.err.println(StderrReport.PREFIX + outcome[0]);
                }
            }
        });
        late[0] = !now;
        return now ? outcome[0] : "recording classes to " + file;
    }

    /**
     * Installs the filter of {@code file} ({@code SerialFilters} in the runtime): at start-up, through the patch of
     * {@code ObjectInputFilter$Config}'s initializer, so that it is installed when the JDK sets its filters up; else
     * (the JDK set them up before the agent started, the patch was refused, the agent is attached to a running JVM)
     * now, in the filters the JDK has set up. Attached, it does not patch: a JVM that runs may be setting its filters
     * up at that very moment, in the initializer's code from before the patch, which would then install nothing.
     * Never fails open quietly: what cannot be installed is said as the JVM running WITHOUT the filter.
     */
    private static String filter(final Path file, final boolean reportOnly, final Instrumentation inst,
                                 final boolean attached) {
        if (installed != null) {
            return (reportOnly ? "filter-mode=report" : "filter") + " of " + file + ": nothing changed, the filter of "
                    + installed + " is installed already (one filter file a JVM)";
        }
        String pattern = null;
        String problem = null;
        try {
            pattern = FilterFile.read(file);
        } catch (IOException | RuntimeException e) {
            problem = e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage();
        }
        String patchProblem = null;
        String outcome;
        try {
            RuntimeInstaller.install(inst); // before the patch: the patched initializer calls the runtime
            if (!attached) {
                try {
                    patchProblem = FilterInstaller.install(inst);
                } catch (Exception e) {
                    patchProblem = cause(e);
                }
            }
            outcome = RuntimeInstaller.armFilter(inst, pattern, file.toString(), problem, reportOnly,
                    !attached && patchProblem == null);
        } catch (Throwable t) {
            outcome = cause(t);
        }
        if (outcome != null && !outcome.isEmpty()) {
            return "the JVM runs WITHOUT the filter of " + file + ": " + outcome + "; give the JDK its pattern as"
                    + " -Djdk.serialFilter=PATTERN instead";
        }
        installed = file;
        String what = reportOnly ? "reporting what the filter of " + file + " would reject"
                : "filter of " + file + " installed";
        if (outcome == null) {
            what += reportOnly ? "" : " when the JDK sets its filters up";
        } else {
            what += " now (" + (attached ? "attached to a running JVM"
                    : patchProblem != null ? "ObjectInputFilter$Config could not be patched: " + patchProblem
                    : "the JDK had set its filters up before the agent started")
                    + "): streams opened before keep the filter they were created with";
        }
        return problem == null ? what : what + " (the file cannot be used: " + problem
                + (reportOnly ? "; nothing is reported)" : "; every deserialization is rejected)");
    }

    private static String cause(final Throwable t) {
        Throwable c = t instanceof InvocationTargetException && t.getCause() != null ? t.getCause() : t;
        return String.valueOf(c);
    }
}
