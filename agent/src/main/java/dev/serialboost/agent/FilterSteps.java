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
import java.util.function.Supplier;

/**
 * The start-up steps of {@code record-classes} and {@code filter} ({@code docs/filters.md}), after the engine's. Each
 * says what came of it as a part of the start-up line; none throws.
 */
final class FilterSteps {

    private FilterSteps() {
    }

    /** At the agent's start: the parts of the start-up line, each starting with {@code "; "}, or "". */
    static String start(final AgentConfig config, final Instrumentation inst, final boolean engineOn) {
        FilterSettings f = config.filters();
        StringBuilder line = new StringBuilder();
        if (f.recordClasses() != null) {
            line.append("; ").append(record(f.recordClasses(), inst, engineOn));
        }
        if (f.filter() != null) {
            line.append("; ").append(filter(f.filter(), f.reportOnly(), inst));
        }
        return line.toString();
    }

    /**
     * When the agent is attached again to a JVM it runs in: starts what {@code config} adds ({@code record-classes}
     * only); null when they add nothing.
     */
    static String again(final AgentConfig config, final Instrumentation inst) {
        FilterSettings f = config.filters();
        if (f.filter() != null) {
            return "filter works from start-up only (-javaagent:...=filter=FILE), not once the JVM runs; nothing"
                    + " changed";
        }
        return f.recordClasses() == null ? null : record(f.recordClasses(), inst, true);
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

    private static String filter(final Path file, final boolean reportOnly, final Instrumentation inst) {
        String pattern = null;
        String problem = null;
        try {
            pattern = FilterFile.read(file);
        } catch (IOException | RuntimeException e) {
            problem = e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage();
        }
        try {
            RuntimeInstaller.armFilter(inst, pattern, file.toString(), problem, reportOnly);
            String installed = FilterInstaller.install(inst);
            if (installed != null) {
                return "filter is off: " + installed;
            }
        } catch (Throwable t) {
            return "filter is off: " + cause(t);
        }
        String what = reportOnly ? "reporting what the filter of " + file + " would reject"
                : "filter of " + file + " installed when the JDK sets its filters up";
        return problem == null ? what : what + " (the file cannot be used: " + problem
                + (reportOnly ? "; nothing is reported)" : "; every deserialization is rejected)");
    }

    private static String cause(final Throwable t) {
        Throwable c = t instanceof InvocationTargetException && t.getCause() != null ? t.getCause() : t;
        return String.valueOf(c);
    }
}
