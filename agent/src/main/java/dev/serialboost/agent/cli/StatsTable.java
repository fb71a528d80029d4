package dev.serialboost.agent.cli;

import dev.serialboost.agent.stats.Snapshot;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The {@code stats} command's table: what a person reads in ten seconds. */
final class StatsTable {

    /** Rows per list of classes. */
    static final int TOP = 10;

    private StatsTable() {
    }

    /**
     * @param window  the seconds between the two readings
     * @param delta   what happened in them
     * @param total   the counts since statistics were switched on
     * @param problem what of the engine layer is off, or empty
     */
    static String of(final String pid, final double window, final Snapshot delta, final Snapshot total,
                     final String problem) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "serialboost statistics of JVM %s, %.1f s (on since %s); engine: %s%n",
                pid, window, Instant.ofEpochMilli(total.since()), problem == null || problem.isEmpty()
                        ? "all patches on" : "partly off: " + problem));

        b.append(String.format(Locale.ROOT, "%nstreams                                   %9s %9s %9s %10s %10s %9s %9s%n",
                "opened/s", "writes/s", "reads/s", "KB/s out", "KB/s in", "us/write", "us/read"));
        List<Snapshot.StreamCounts> streams = new ArrayList<>(delta.streams());
        streams.sort(Comparator.comparingLong((Snapshot.StreamCounts s) -> s.writes() + s.reads() + s.opened())
                .reversed());
        int shown = 0;
        for (Snapshot.StreamCounts s : streams) {
            if (s.writes() + s.reads() + s.opened() == 0) {
                continue;
            }
            if (shown++ == TOP) {
                break;
            }
            b.append(String.format(Locale.ROOT, "  %-40s%9.1f %9.1f %9.1f %10.1f %10.1f %9.1f %9.1f%n",
                    shorten(s.name(), 40), s.opened() / window, s.writes() / window, s.reads() / window,
                    s.bytesWritten() / window / 1024, s.bytesRead() / window / 1024,
                    s.writes() == 0 ? 0.0 : s.nanosWriting() / 1e3 / s.writes(),
                    s.reads() == 0 ? 0.0 : s.nanosReading() / 1e3 / s.reads()));
        }
        if (shown == 0) {
            b.append("  (no stream in this window)\n");
        }

        b.append(String.format(Locale.ROOT, "%ntop classes by objects                    %12s %12s %12s%n",
                "written/s", "read/s", "total"));
        List<Snapshot.ClassCounts> classes = new ArrayList<>(delta.classes());
        classes.sort(Comparator.comparingLong((Snapshot.ClassCounts c) -> c.objectsWritten() + c.objectsRead())
                .reversed());
        shown = 0;
        for (Snapshot.ClassCounts c : classes) {
            if (c.objectsWritten() + c.objectsRead() == 0) {
                continue;
            }
            if (shown++ == TOP) {
                break;
            }
            Snapshot.ClassCounts t = total.ofClass(c.name());
            b.append(String.format(Locale.ROOT, "  %-40s%12.1f %12.1f %12d%n", shorten(c.name(), 40),
                    c.objectsWritten() / window, c.objectsRead() / window,
                    t == null ? 0 : t.objectsWritten() + t.objectsRead()));
        }
        if (shown == 0) {
            b.append("  (no object in this window)\n");
        }

        b.append(String.format(Locale.ROOT, "%ntop classes by descriptor bytes written  %12s %12s%n",
                "bytes/s", "descs/s"));
        classes.sort(Comparator.comparingLong(Snapshot.ClassCounts::descriptorBytes).reversed());
        shown = 0;
        for (Snapshot.ClassCounts c : classes) {
            if (c.descriptorBytes() == 0) {
                continue;
            }
            if (shown++ == TOP) {
                break;
            }
            b.append(String.format(Locale.ROOT, "  %-40s%12.1f %12.1f%n", shorten(c.name(), 40),
                    c.descriptorBytes() / window, c.descriptorsWritten() / window));
        }
        if (shown == 0) {
            b.append("  (no descriptor written from a template in this window)\n");
        }

        Map<String, Long> e = delta.engine();
        b.append("\nengine, this window\n");
        b.append(rate("descriptors written from templates", e, "descriptors written from templates",
                "descriptors written by the JDK (no template)", "descriptors written by an overriding writeClassDescriptor"));
        b.append(rate("descriptors read by the engine", e, "descriptors read by the engine",
                "descriptors read by an overriding readClassDescriptor"));
        b.append(rate("classes resolved from the cache", e, "classes resolved from the cache",
                "classes resolved by the JDK (cache miss)", "classes resolved by an overriding resolveClass"));
        b.append(rate("bindings copied", e, "bindings copied", "bindings made by the JDK"));
        StringBuilder fallbacks = new StringBuilder();
        for (String k : List.of("descriptors written by the JDK (no template)",
                "descriptors written by an overriding writeClassDescriptor",
                "descriptors read by an overriding readClassDescriptor", "classes resolved by the JDK (cache miss)",
                "classes resolved by an overriding resolveClass", "bindings made by the JDK",
                "engine unavailable (JDK internals out of reach)")) {
            long v = e.getOrDefault(k, 0L);
            if (v > 0) {
                fallbacks.append(fallbacks.length() == 0 ? "" : ", ").append(k).append(' ').append(v);
            }
        }
        b.append("  fell back to the JDK: ").append(fallbacks.length() == 0 ? "never" : fallbacks).append('\n');
        return b.toString();
    }

    /** {@code label: P% (hits of all)}, the first key the hits, all keys the whole. */
    private static String rate(final String label, final Map<String, Long> e, final String hit, final String... all) {
        long hits = e.getOrDefault(hit, 0L);
        long whole = hits;
        for (String k : all) {
            if (!k.equals(hit)) {
                whole += e.getOrDefault(k, 0L);
            }
        }
        return String.format(Locale.ROOT, "  %-36s %s%n", label,
                whole == 0 ? "-" : String.format(Locale.ROOT, "%5.1f%% (%d of %d)", 100.0 * hits / whole, hits, whole));
    }

    /** A class name cut from the left to {@code width} characters. */
    private static String shorten(final String name, final int width) {
        return name.length() <= width ? name : "~" + name.substring(name.length() - width + 1);
    }
}
