package dev.serialboost.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * What the page says before its numbers when a run deserves less trust: benchmarks still warming up while measured,
 * a machine busy with other work.
 */
final class Caveats {

    private Caveats() {
    }

    /** The caveats' paragraphs, each followed by a blank line; empty when the run deserves no caveat. */
    static String paragraphs(final Scores r, final Properties run) {
        StringBuilder md = new StringBuilder();
        String warming = warming(r);
        if (warming != null) {
            md.append(Prose.render("warming", "warming", warming)).append("\n\n");
        }
        String busy = busy(run);
        if (busy != null) {
            md.append(Prose.render("busy", "load", busy)).append("\n\n");
        }
        return md.toString();
    }

    /**
     * How many benchmarks were still warming up while measured, when more than a tenth of them were, by column;
     * else {@code null}.
     */
    static String warming(final Scores r) {
        int still = 0;
        int all = 0;
        List<String> parts = new ArrayList<>();
        for (Map.Entry<Column, int[]> e : r.warming.entrySet()) {
            still += e.getValue()[0];
            all += e.getValue()[1];
            parts.add(e.getKey().label + " " + e.getValue()[0] + " of " + e.getValue()[1]);
        }
        if (all == 0 || still * 10 <= all) {
            return null;
        }
        return String.format(Locale.ROOT, "in %d of %d benchmarks the first measured iteration was more than %.0f%% "
                + "slower than the last (%s)", still, all, (Scores.STILL_WARMING - 1) * 100, String.join(", ", parts));
    }

    /**
     * A description of the load when the 1-minute load average exceeded the cores by more than half a core, else
     * {@code null}. The run itself keeps up to about one and a half cores busy (the benchmark thread, JIT and GC,
     * and the build bench.sh runs just before the start reading): only load beyond that means other processes.
     */
    static String busy(final Properties run) {
        try {
            int cores = Integer.parseInt(run.getProperty("machine.cores", "0"));
            double start = Double.parseDouble(run.getProperty("machine.loadavg.start", "0 ").split(" ")[0]);
            double end = Double.parseDouble(run.getProperty("machine.loadavg.end", "0 ").split(" ")[0]);
            if (cores > 0 && Math.max(start, end) > cores + 0.5) {
                return String.format(Locale.ROOT, "1-minute load average %.1f at the start and %.1f at the end, on"
                        + " %d cores", start, end, cores);
            }
        } catch (NumberFormatException e) {
            // no load average recorded (not Linux): say nothing
        }
        return null;
    }
}
