package dev.serialboost.agent.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The {@code jdk.serialFilter} pattern made of a {@link Recording}: the limits (the largest of each over every stream
 * class, times the headroom, rounded up), then every class recorded (or its package, {@code pkg.*}), then {@code !*},
 * which rejects every other class. Classes are named as the JDK's pattern filter matches them: an array by its
 * element class (arrays of primitives are never rejected by a pattern, so they need none); a dynamic proxy class,
 * whose number changes from run to run, as {@code pkg.$Proxy*}; a hidden class, which no stream can name, not at
 * all.
 */
public final class FilterPattern {

    /** The default headroom: the recorded limits, doubled. */
    public static final double DEFAULT_HEADROOM = 2;

    private FilterPattern() {
    }

    /**
     * @param packages whether to allow each recorded class's whole package ({@code pkg.*}) rather than the class
     * @param headroom what the recorded limits are multiplied by, at least 1
     */
    public static String of(final Recording recording, final boolean packages, final double headroom) {
        if (!(headroom >= 1)) {
            throw new IllegalArgumentException("the headroom is a factor of at least 1, not " + headroom);
        }
        List<String> elements = new ArrayList<>();
        if (!recording.streams().isEmpty()) {
            long depth = 0;
            long refs = 0;
            long array = 0;
            long bytes = 0;
            for (Recording.Stream s : recording.streams()) {
                depth = Math.max(depth, s.maxdepth());
                refs = Math.max(refs, s.maxrefs());
                array = Math.max(array, s.maxarray());
                bytes = Math.max(bytes, s.maxbytes());
            }
            elements.add("maxdepth=" + up(depth, headroom));
            elements.add("maxrefs=" + up(refs, headroom));
            elements.add("maxarray=" + up(array, headroom));
            elements.add("maxbytes=" + up(bytes, headroom));
        }
        TreeSet<String> allowed = new TreeSet<>();
        for (Recording.RecordedClass c : recording.classes()) {
            String name = matched(c.name());
            if (name == null) {
                continue;
            }
            int dot = name.lastIndexOf('.');
            if (packages && dot > 0) {
                allowed.add(name.substring(0, dot) + ".*");
            } else if (name.substring(dot + 1).matches("\\$Proxy\\d+")) {
                allowed.add(name.substring(0, dot + 1) + "$Proxy*");
            } else {
                allowed.add(name);
            }
        }
        elements.addAll(allowed);
        elements.add("!*");
        return String.join(";", elements);
    }

    /** The name a pattern matches for a recorded class, or null when no pattern needs it. */
    static String matched(final String recorded) {
        String name = recorded;
        if (name.startsWith("[")) {
            name = name.replaceFirst("^\\[+", "");
            if (!name.startsWith("L") || !name.endsWith(";")) {
                return null; // an array of primitives: the JDK's pattern filter leaves it undecided
            }
            name = name.substring(1, name.length() - 1);
        }
        return name.contains("/") ? null : name;
    }

    private static long up(final long value, final double headroom) {
        double v = Math.ceil(value * headroom);
        return v >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) v;
    }
}
