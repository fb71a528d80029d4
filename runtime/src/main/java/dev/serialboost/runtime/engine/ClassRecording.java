package dev.serialboost.runtime.engine;

import java.io.ObjectInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * What this JVM deserializes, as its serialization filter sees it (the agent's {@code record-classes} setting): every
 * class a filter is asked about, with the loader it came from, the first stream class that read it and how many times
 * a filter was asked about it; and per stream class the largest depth, object references, array length and stream
 * bytes a filter was handed. Told by {@code ObjectInputStream.filterCheck} itself, before it asks the filter, with
 * the values it hands the filter ({@link #filterCheck}): so the limits are exactly those a filter would see, and the
 * work is per class descriptor, array and back-reference the JDK checks, never per field or primitive.
 *
 * <p>Off until the agent starts it ({@link #start}, package-private: only the agent's installer, to which {@code
 * java.io} is opened, reaches it; nothing else can switch recording on, off or elsewhere). Keeps no class, loader or
 * stream: per class a {@link ClassValue} entry (gone with its class) and, for the file, names and counters only.
 * Bounded: at most {@link #MAX_CLASSES} (class, loader) names and {@link #MAX_STREAMS} stream classes; past that,
 * nothing new is kept and the file says how many were dropped.
 */
final class ClassRecording {

    static final int MAX_CLASSES = 10_000;
    static final int MAX_STREAMS = 1_000;

    /** One class a filter was asked about: names, no reference to the class or its loader. */
    private static final class Seen {
        final String name;
        final String loader;
        /** Where its checks are counted in every thread's {@link Checks}. */
        final int index;
        /** The stream class that first read it; set once, by whichever stream got there first. */
        volatile String firstStream;

        Seen(final String name, final String loader, final int index) {
            this.name = name;
            this.loader = loader;
            this.index = index;
        }
    }

    /** One stream class: the largest values a filter was handed in its streams. */
    private static final class Limits {
        final String name;
        long depth;
        long refs;
        long array = -1;
        long bytes;
        /** Where its checks are counted in every thread's {@link Checks}. */
        final int index;

        Limits(final String name, final int index) {
            this.name = name;
            this.index = index;
        }

        /** Raises the maxima; a lock only when one grows, which stops happening once a workload is warm. */
        void see(final long d, final long r, final int a, final long b) {
            if (d > depth || r > refs || a > array || b > bytes) {
                synchronized (this) {
                    depth = Math.max(depth, d);
                    refs = Math.max(refs, r);
                    array = Math.max(array, a);
                    bytes = Math.max(bytes, b);
                }
            }
        }
    }

    /**
     * One thread's counts of filter checks per class and per stream class, by their {@code index} (0: those
     * dropped): plain adds, where a {@code LongAdder} per check made recording cost about 10% of a long stream's read.
     * A check finds its counts without a look-up when its stream class is the one this thread checked last and its
     * class (if any) a bootstrap class this thread checked lately: an array of primitives or of the JDK's classes,
     * which long streams check once per array.
     */
    private static final class Checks extends ThreadTallies.Tally<Checks> {
        private static final int BOOTSTRAP_SLOTS = 8;

        final ThreadTallies.Chunked classes = new ThreadTallies.Chunked(1);
        final ThreadTallies.Chunked streams = new ThreadTallies.Chunked(1);
        /**
         * The stream class this thread checked last, by name (limits are kept by name, and a name keeps no class):
         * its limits, and its count's array and place in {@link #streams} (an array stays where it is while the
         * tally lives).
         */
        private String streamName;
        private Limits limits;
        private long[] streamCounts;
        private int streamAt;
        /**
         * Bootstrap classes this thread counted lately, each by name in the slot of its hash, and their counts' array
         * and place in {@link #classes}. A class of that name from another loader never matches (the loader is
         * checked), and no class is held: a thread of a pool keeps no loader alive.
         */
        private final String[] bootstrapNames = new String[BOOTSTRAP_SLOTS];
        private final long[][] bootstrapCounts = new long[BOOTSTRAP_SLOTS][];
        private final int[] bootstrapAt = new int[BOOTSTRAP_SLOTS];

        Checks(final Thread owner) {
            super(owner);
        }

        /** The limits of {@code streamClass}, named {@code name}, which is now the stream class checked last. */
        Limits stream(final Class<?> streamClass, final String name) {
            if (name != streamName) {
                Limits l = LIMITS.get(streamClass);
                limits = l;
                streamCounts = streams.counts(l.index);
                streamAt = streams.at(l.index, 0);
                streamName = name;
            }
            return limits;
        }

        /** Counts a check of the stream class checked last ({@link #stream}). */
        void countStream() {
            streamCounts[streamAt]++;
        }

        /** Counts a check of {@code clazz} by a stream of the class named {@code streamName}. */
        void countClass(final Class<?> clazz, final String streamName) {
            String name = clazz.getName();
            int slot = name.hashCode() & (BOOTSTRAP_SLOTS - 1);
            if (bootstrapNames[slot] == name && clazz.getClassLoader() == null) {
                bootstrapCounts[slot][bootstrapAt[slot]]++;
                return;
            }
            Seen seen = SEEN.get(clazz);
            if (seen.firstStream == null) {
                seen.firstStream = streamName;
            }
            long[] counts = classes.counts(seen.index);
            int at = classes.at(seen.index, 0);
            counts[at]++;
            if (clazz.getClassLoader() == null && seen != DROPPED_CLASS) {
                bootstrapNames[slot] = name;
                bootstrapCounts[slot] = counts;
                bootstrapAt[slot] = at;
            }
        }

        @Override
        void addAll(final Checks other) {
            classes.addAll(other.classes);
            streams.addAll(other.streams);
        }
    }

    private static final ThreadTallies<Checks> CHECKS = new ThreadTallies<>(Checks::new);
    private static final AtomicInteger CLASS_INDEX = new AtomicInteger();
    private static final AtomicInteger STREAM_INDEX = new AtomicInteger();
    private static final Seen DROPPED_CLASS = new Seen("", "", CLASS_INDEX.getAndIncrement());
    private static final Limits DROPPED_STREAM = new Limits("", STREAM_INDEX.getAndIncrement());

    /** The recorded classes by {@code name + ' ' + loader}; each entry found once per class through {@link #SEEN}. */
    private static final ConcurrentHashMap<String, Seen> CLASSES = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<String, Limits> STREAMS = new ConcurrentHashMap<>();
    private static final LongAdder DROPPED_CLASSES = new LongAdder();
    private static final LongAdder DROPPED_STREAMS = new LongAdder();

    private static final ClassValue<Seen> SEEN = new ClassValue<>() {
        @Override
        protected Seen computeValue(final Class<?> type) {
            String key = type.getName() + ' ' + loaderName(type.getClassLoader());
            Seen known = CLASSES.get(key);
            if (known != null) {
                return known;
            }
            if (CLASSES.size() >= MAX_CLASSES) {
                DROPPED_CLASSES.increment();
                return DROPPED_CLASS;
            }
            return CLASSES.computeIfAbsent(key, k -> new Seen(type.getName(), loaderName(type.getClassLoader()),
                    CLASS_INDEX.getAndIncrement()));
        }
    };

    private static final ClassValue<Limits> LIMITS = new ClassValue<>() {
        @Override
        protected Limits computeValue(final Class<?> streamClass) {
            Limits known = STREAMS.get(streamClass.getName());
            if (known != null) {
                return known;
            }
            if (STREAMS.size() >= MAX_STREAMS) {
                DROPPED_STREAMS.increment();
                return DROPPED_STREAM;
            }
            return STREAMS.computeIfAbsent(streamClass.getName(), n -> new Limits(n, STREAM_INDEX.getAndIncrement()));
        }
    };

    /** Whether recording is on; set once by {@link #start}, never cleared. */
    private static volatile boolean on;

    private ClassRecording() {
    }

    /**
     * Switches recording on (again: a no-op) and returns what reads it, the recording as the lines of the file
     * ({@link #lines}). Called by the agent's installer alone, through {@code java.io} opened to it, possibly while a
     * stream class loads: so it loads none (the JDK's method hands it the values it records: no JDK member to look up).
     */
    static Supplier<String> start() {
        on = true;
        return ClassRecording::lines;
    }

    /**
     * Told by {@code ObjectInputStream.filterCheck(clazz, arrayLength)} before it calls the filter, with the values it
     * hands the filter: the stream's {@code totalObjectRefs}, {@code depth} and bytes read (0 when {@code bin} is
     * null). Returns at once unless recording is on (small, so that the JIT inlines it into the JDK's method).
     */
    static void filterCheck(final ObjectInputStream in, final Class<?> clazz, final int arrayLength, final long refs,
                            final long depth, final long bytes) {
        if (on) {
            record(in, clazz, arrayLength, refs, depth, bytes);
        }
    }

    /** Records one filter check; never throws: whatever goes wrong here, the JDK's check runs as without the agent. */
    private static void record(final ObjectInputStream in, final Class<?> clazz, final int arrayLength, final long refs,
                               final long depth, final long bytes) {
        try {
            Class<?> streamClass = in.getClass();
            String streamName = streamClass.getName();
            Checks checks = CHECKS.get();
            checks.stream(streamClass, streamName).see(depth, refs, arrayLength, bytes);
            checks.countStream();
            if (clazz != null) {
                checks.countClass(clazz, streamName);
            }
        } catch (Throwable t) {
            // recording is best effort; the JDK's check is what matters
        }
    }

    /**
     * The recording as lines: {@code dropped}, then a {@code stream} line per stream class and a {@code class} line
     * per class, each sorted by name. The agent writes them to the file after its header (the format is documented in
     * {@code docs/filters.md}).
     */
    static String lines() {
        StringBuilder out = new StringBuilder();
        Checks checks = CHECKS.sum();
        out.append("dropped classes=").append(DROPPED_CLASSES.sum()).append(" streams=")
                .append(DROPPED_STREAMS.sum()).append('\n');
        List<Limits> streams = new ArrayList<>(STREAMS.values());
        streams.sort((a, b) -> a.name.compareTo(b.name));
        for (Limits l : streams) {
            long depth;
            long refs;
            long array;
            long bytes;
            synchronized (l) {
                depth = l.depth;
                refs = l.refs;
                array = l.array;
                bytes = l.bytes;
            }
            out.append("stream ").append(l.name).append(" maxdepth=").append(depth).append(" maxrefs=").append(refs)
                    .append(" maxarray=").append(Math.max(array, 0)).append(" maxbytes=").append(bytes)
                    .append(" checks=").append(checks.streams.get(l.index, 0)).append('\n');
        }
        List<Seen> classes = new ArrayList<>(CLASSES.values());
        classes.sort((a, b) -> a.name.equals(b.name) ? a.loader.compareTo(b.loader) : a.name.compareTo(b.name));
        for (Seen s : classes) {
            out.append("class ").append(s.name).append(" loader=").append(s.loader).append(" stream=")
                    .append(s.firstStream).append(" checks=").append(checks.classes.get(s.index, 0)).append('\n');
        }
        return out.toString();
    }

    /** How the file names a class loader: its name, else its class's; {@code bootstrap} for the bootstrap loader. */
    static String loaderName(final ClassLoader loader) {
        if (loader == null) {
            return "bootstrap";
        }
        String name = loader.getName();
        if (name == null || name.isBlank()) {
            name = loader.getClass().getName();
        }
        return name.replaceAll("\\s", "_");
    }
}
