package dev.serialboost.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What the run record says about the machine, read from Linux's {@code /proc}; elsewhere a placeholder. */
final class Machine {

    private Machine() {
    }

    /** The CPU's model name; the architecture where {@code /proc/cpuinfo} is missing. */
    static String cpu() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    /** The total memory, {@code 23.5 GiB}. */
    static String memory() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    long kb = Long.parseLong(line.replaceAll("\\D", ""));
                    return String.format(Locale.ROOT, "%.1f GiB", kb / 1024.0 / 1024.0);
                }
            }
        } catch (IOException | UncheckedIOException | NumberFormatException e) {
            // not Linux
        }
        return "unknown";
    }

    /** The 1-, 5- and 15-minute load averages, {@code 0.35 0.85 1.39}. */
    static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException | UncheckedIOException e) {
            return "unknown";
        }
    }
}
