package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkBlockDataInputStream;
import dev.serialboost.runtime.jdk.JdkBlockDataOutputStream;
import dev.serialboost.runtime.jdk.JdkByteArrayOutputStream;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkObjectInputStream;
import dev.serialboost.runtime.jdk.JdkObjectOutputStream;
import dev.serialboost.runtime.jdk.JdkPeekInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * What a JVM serializes, counted when statistics are on ({@code stats=true}, or the {@code stats} command): per class,
 * the objects written and read and the bytes of the descriptors written from templates; per stream class, the streams
 * made, the top-level writes and reads, their bytes and time; and what the engine did (templates used or not, classes
 * from the cache or resolved by the JDK, ...). The patched stream classes call the hooks below always; each starts
 * with one read of {@link #on}, false unless the agent switched statistics on, so with them off a hook is a load and a
 * branch the JIT predicts (statistics on at attach need no retransformation of the stream classes, which would drop
 * the patches made as they loaded).
 *
 * <p>No new powers: every member is package-private, so once installed in {@code java.io} only the JDK's own classes
 * there reach the hooks, and only the agent, through a class loader to which alone it opens {@code java.io}, calls
 * {@link #start}. Bounded: at most {@link #MAX_CLASSES} classes and as many stream classes are counted one by one
 * (by name: classes of one name under several loaders add up), the rest under {@link #OTHER}; the counts hold names,
 * never a class or a loader (a {@code ClassValue} maps a class to where its counts are).
 *
 * <p>Cheap when on: each thread counts into its own {@link Tally} with plain adds (no atomic operation, no allocation
 * per object or per top-level operation), and {@link #snapshot} sums the tallies; one top-level operation in {@link
 * #TIME_EVERY} of each thread is timed, and the time of the others is estimated from those (a clock read costs about
 * as much as a small object's whole write).
 */
final class Statistics {

    /** At most this many classes, and as many stream classes, are counted by name. */
    static final int MAX_CLASSES = 4096;
    /** The name the classes past {@link #MAX_CLASSES} are counted under. */
    static final String OTHER = "(other classes)";

    /** The engine's outcomes counted: their names, in the snapshot's order. */
    static final List<String> OUTCOMES = List.of(
            "descriptors written from templates",
            "descriptors written by the JDK (no template)",
            "descriptors written by an overriding writeClassDescriptor",
            "descriptors read by the engine",
            "descriptors read by an overriding readClassDescriptor",
            "classes resolved from the cache",
            "classes resolved by the JDK (cache miss)",
            "classes resolved by an overriding resolveClass",
            "bindings copied",
            "bindings made by the JDK",
            "engine unavailable (JDK internals out of reach)");
    static final int TEMPLATE_USED = 0;
    static final int TEMPLATE_NONE = 1;
    static final int WRITE_DESCRIPTOR_OVERRIDDEN = 2;
    static final int DESCRIPTOR_READ = 3;
    static final int READ_DESCRIPTOR_OVERRIDDEN = 4;
    static final int CLASS_FROM_CACHE = 5;
    static final int CLASS_RESOLVED = 6;
    static final int RESOLVE_CLASS_OVERRIDDEN = 7;
    static final int BINDING_COPIED = 8;
    static final int BINDING_MADE = 9;
    static final int UNAVAILABLE = 10;

    /** Given to the {@link #start} begin function: a top-level write or read begins. */
    static final int WRITE = 1;
    static final int READ = 0;

    /** Whether statistics are on; only {@link #start} sets it. */
    static volatile boolean on;
    /** When statistics were switched on ({@code System.currentTimeMillis()}), 0 before. */
    private static volatile long since;
    /**
     * The agent's JFR begin function (null without {@code jdk.jfr}): begins an event of a top-level write or read
     * (WRITE or READ), or returns null when no recording takes it. Guarded by {@link #CLASS_LIST}.
     */
    private static IntFunction<Object> events;
    /**
     * {@link #events} while a JFR recording runs, else null: a top-level call then checks a field instead of calling
     * the agent's function (about 0.6 ns of the 10 ns a top-level write's or read's counting costs, JDK 17).
     */
    private static volatile IntFunction<Object> begin;
    /** Ends and commits what {@link #begin} returned, with {stream class, top object's class, bytes or -1}. */
    private static volatile BiConsumer<Object, Object[]> end;

    /**
     * Every this-many top-level writes of a thread, one is timed, and as many reads (the first write and read of each
     * thread included).
     */
    static final int TIME_EVERY = 64;
    /** A start time that says the operation is not timed. */
    private static final long UNTIMED = Long.MIN_VALUE;

    /** Per class, in a thread's {@link Tally}: its four counts. */
    static final int OBJECTS_WRITTEN = 0;
    static final int OBJECTS_READ = 1;
    static final int DESCRIPTORS = 2;
    static final int DESCRIPTOR_BYTES = 3;
    private static final int CLASS_WIDTH = 4;
    /**
     * Per stream class, in a thread's {@link Tally}: its counts; time is kept for the timed operations only, with
     * their number, and the snapshot scales it to all of them.
     */
    static final int OPENED = 0;
    static final int WRITES = 1;
    static final int READS = 2;
    static final int BYTES_WRITTEN = 3;
    static final int BYTES_READ = 4;
    static final int NANOS_WRITING = 5;
    static final int NANOS_READING = 6;
    static final int TIMED_WRITES = 7;
    static final int TIMED_READS = 8;
    private static final int STREAM_WIDTH = 9;

    /** A class or stream class counted by name, and where its counts are in every thread's {@link Tally}. */
    static final class Counted {
        final String name;
        final int index;

        Counted(final String name, final int index) {
            this.name = name;
            this.index = index;
        }
    }

    /** Every class counted, in the order first counted (index 0: {@link #OTHER}); guarded by itself. */
    private static final List<Counted> CLASS_LIST = new ArrayList<>(List.of(new Counted(OTHER, 0)));
    private static final List<Counted> STREAM_LIST = new ArrayList<>(List.of(new Counted(OTHER, 0)));

    private static final ClassValue<Counted> CLASSES = new ClassValue<>() {
        @Override
        protected Counted computeValue(final Class<?> type) {
            return counted(CLASS_LIST, type);
        }
    };

    private static final ClassValue<Counted> STREAMS = new ClassValue<>() {
        @Override
        protected Counted computeValue(final Class<?> type) {
            return counted(STREAM_LIST, type);
        }
    };

    private static Counted counted(final List<Counted> list, final Class<?> type) {
        synchronized (list) {
            if (list.size() > MAX_CLASSES) {
                return list.get(0);
            }
            Counted counted = new Counted(type.getName(), list.size());
            list.add(counted);
            return counted;
        }
    }

    /** Whether the stream fields that give a top-level operation's bytes can be had. */
    private static final boolean BYTES = JdkLookup.firstProblem(JdkObjectOutputStream.PROBLEM,
            JdkBlockDataOutputStream.PROBLEM, JdkByteArrayOutputStream.PROBLEM, JdkObjectInputStream.PROBLEM,
            JdkBlockDataInputStream.PROBLEM, JdkPeekInputStream.PROBLEM) == null;

    /**
     * One thread's counts, kept with plain adds by that thread alone (no atomic operation per object), summed by
     * {@link #snapshot}, which may see them a little late but never torn; and the thread's top-level operations
     * under way, as primitives (nested streams make a stack), so that none keeps a reference to its stream or classes
     * on the thread. Each operation counted here ends or fails (the patched {@code writeObject}/{@code readObject}
     * report both), so the stack needs no key: an end takes the top. An end with nothing under way is of an operation
     * that began before statistics were on. The start is kept here, not in a new local of the patched {@code
     * writeObject}/{@code readObject}: those frames are on the stack once per level of a chain of {@code
     * Externalizable} objects or of classes writing their own references, and a {@code long} local there cost 6 of
     * 244 levels of such a chain under {@code -Xint} on a 256 KiB stack (DeepGraphIT allows one), for about 2% of a
     * small object's time with statistics on.
     */
    static final class Tally extends ThreadTallies.Tally<Tally> {
        /** Deeper than this (a stream per level of a recursive structure), operations are not counted. */
        static final int MAX = 64;
        final ThreadTallies.Chunked classes = new ThreadTallies.Chunked(CLASS_WIDTH);
        final ThreadTallies.Chunked streams = new ThreadTallies.Chunked(STREAM_WIDTH);
        final long[] engine = new long[OUTCOMES.size()];
        /**
         * Top-level writes and reads until the next timed one: two fields, not an array indexed by kind, which cost
         * about 0.5 ns more per top-level call in a loop of the hooks (JDK 17).
         */
        int untilTimedWrite;
        int untilTimedRead;
        /**
         * Where this thread counts the classes it counted lately, and its output and input stream classes counted last
         * (apart: a thread that writes and reads in turn finds both).
         */
        final ThreadTallies.Recent recentClasses = new ThreadTallies.Recent(32, classes, t -> CLASSES.get(t).index);
        final ThreadTallies.Last lastWriting = new ThreadTallies.Last(streams, t -> STREAMS.get(t).index);
        final ThreadTallies.Last lastReading = new ThreadTallies.Last(streams, t -> STREAMS.get(t).index);
        /** Where this thread counts strings, the objects most graphs have most of: no look-up at all. */
        final ThreadTallies.Slot strings = new ThreadTallies.Slot();
        /**
         * The operations under way, two longs each: the bytes the stream had at the start (-1 when unknown) and the
         * start time (or {@link #UNTIMED}).
         */
        long[] starts = new long[8];
        /** How many operations are under way, those past {@link #MAX} included. */
        int size;
        /** JFR events under way, when a recording takes them; for a write, with its top object's class, weakly. */
        Object[] events = new Object[4];
        WeakReference<?>[] tops = new WeakReference<?>[4];
        /** How many of {@link #events} are set: none, and an end need not look there. */
        int eventsUnderWay;

        Tally(final Thread owner) {
            super(owner);
            strings.take(String.class.getName(), classes, CLASSES.get(String.class).index);
        }

        void push(final long startBytes, final long startNanos, final Object event, final Class<?> top) {
            int i = size++;
            if (i >= MAX) {
                return;
            }
            if (2 * i >= starts.length) {
                starts = java.util.Arrays.copyOf(starts, 4 * i);
            }
            starts[2 * i] = startBytes;
            starts[2 * i + 1] = startNanos;
            if (event != null) {
                if (i >= events.length) {
                    events = java.util.Arrays.copyOf(events, 2 * i);
                    tops = java.util.Arrays.copyOf(tops, 2 * i);
                }
                events[i] = event;
                tops[i] = top == null ? null : new WeakReference<>(top);
                eventsUnderWay++;
            }
        }

        /**
         * Takes the operation that ends or failed off the stack: its index, or -1 when it is not kept (it began
         * before statistics were on, or past {@link #MAX}).
         */
        int pop() {
            if (size == 0) {
                return -1;
            }
            int i = --size;
            return i < MAX ? i : -1;
        }

        /** The JFR event of operation {@code i}, taken off it (null when it has none). */
        Object takeEvent(final int i) {
            if (eventsUnderWay == 0 || i >= events.length || events[i] == null) {
                return null;
            }
            Object event = events[i];
            events[i] = null;
            eventsUnderWay--;
            return event;
        }

        @Override
        void addAll(final Tally other) {
            classes.addAll(other.classes);
            streams.addAll(other.streams);
            for (int i = 0; i < engine.length; i++) {
                engine[i] += other.engine[i];
            }
        }
    }

    /** Every thread's {@link Tally}. */
    private static final ThreadTallies<Tally> TALLY = new ThreadTallies<>(Tally::new);

    private Statistics() {
    }

    /**
     * Switches statistics on (again: nothing changes) with the agent's JFR event functions (either may be null) and
     * returns the reader of {@link #snapshot}; the events begin once {@link #recording} says a recording runs. Called by
     * the agent only: package-private, reached through a class loader to which alone {@code java.io} is opened.
     */
    static Supplier<Map<String, Object>> start(final IntFunction<Object> beginEvent,
                                               final BiConsumer<Object, Object[]> endEvent) {
        synchronized (CLASS_LIST) {
            if (beginEvent != null && endEvent != null) {
                end = endEvent;
                events = beginEvent;
            }
            if (!on) {
                since = System.currentTimeMillis();
                on = true;
            }
        }
        return Statistics::snapshot;
    }

    /** Whether a JFR recording runs; the agent says so at start and at each change. Called as {@link #start}. */
    static void recording(final boolean running) {
        synchronized (CLASS_LIST) {
            begin = running ? events : null;
        }
    }

    // ---- hooks: from the patched stream classes and the engine ------------------------------------------------

    /** Before a stream constructor returns ({@code ObjectOutputStream(OutputStream)}, {@code ...InputStream}). */
    static void opened(final Object stream) {
        if (on) {
            Tally t = TALLY.get();
            (stream instanceof ObjectOutputStream ? t.lastWriting : t.lastReading).slot(stream.getClass())
                    .add(OPENED, 1);
        }
    }

    /** At the start of {@code writeObject(Object)} and {@code writeUnshared(Object)}, with the stream's depth. */
    static void writeStarts(final ObjectOutputStream out, final Object obj, final int depth) {
        if (on && depth == 0) {
            started(out, obj, bytesWritten(out), WRITE);
        }
    }

    /** Before {@code writeObject(Object)} and {@code writeUnshared(Object)} return. */
    static void writeEnds(final ObjectOutputStream out, final int depth) {
        if (on && depth == 0) {
            ended(out, null, bytesWritten(out), true);
        }
    }

    /** At the start of {@code readObject(Class)} and {@code readUnshared()}, with the stream's depth. */
    static void readStarts(final ObjectInputStream in, final long depth) {
        if (on && depth == 0) {
            started(in, null, bytesRead(in), READ);
        }
    }

    /** Before {@code readObject(Class)} and {@code readUnshared()} return {@code result}; returns it. */
    static Object readEnds(final Object result, final ObjectInputStream in, final long depth) {
        if (on && depth == 0) {
            ended(in, result, bytesRead(in), false);
        }
        return result;
    }

    /** When {@code writeObject(Object)} or {@code writeUnshared(Object)} throws. */
    static void writeFails(final int depth) {
        if (on && depth == 0) {
            failed();
        }
    }

    /** When {@code readObject(Class)} or {@code readUnshared()} throws. */
    static void readFails(final long depth) {
        if (on && depth == 0) {
            failed();
        }
    }

    private static void started(final Object stream, final Object top, final long startBytes, final int kind) {
        Tally t = TALLY.get();
        IntFunction<Object> b = begin;
        Object event = b == null ? null : b.apply(kind);
        long startNanos = UNTIMED;
        if (kind == WRITE ? --t.untilTimedWrite < 0 : --t.untilTimedRead < 0) {
            if (kind == WRITE) {
                t.untilTimedWrite = TIME_EVERY - 1;
            } else {
                t.untilTimedRead = TIME_EVERY - 1;
            }
            startNanos = System.nanoTime();
        }
        t.push(startBytes, startNanos, event, event == null || top == null ? null : top.getClass());
    }

    private static void ended(final Object stream, final Object result, final long endBytes, final boolean write) {
        Tally t = TALLY.get();
        int i = t.pop();
        if (i < 0) {
            return;
        }
        long startBytes = t.starts[2 * i];
        long startNanos = t.starts[2 * i + 1];
        long bytes = startBytes < 0 || endBytes < 0 ? -1 : endBytes - startBytes;
        ThreadTallies.Slot s = (write ? t.lastWriting : t.lastReading).slot(stream.getClass());
        s.add(write ? WRITES : READS, 1);
        if (bytes > 0) {
            s.add(write ? BYTES_WRITTEN : BYTES_READ, bytes);
        }
        if (startNanos != UNTIMED) {
            s.add(write ? NANOS_WRITING : NANOS_READING, System.nanoTime() - startNanos);
            s.add(write ? TIMED_WRITES : TIMED_READS, 1);
        }
        Object event = t.takeEvent(i);
        if (event != null) {
            WeakReference<?> written = t.tops[i];
            t.tops[i] = null;
            Object top = write ? (written == null ? null : written.get()) : result == null ? null : result.getClass();
            BiConsumer<Object, Object[]> e = end;
            if (e != null) {
                e.accept(event, new Object[] {stream.getClass(), top, bytes});
            }
        }
    }

    /** A top-level operation threw: not counted, its event (if any) dropped. */
    private static void failed() {
        Tally t = TALLY.get();
        int i = t.pop();
        if (i >= 0 && t.takeEvent(i) != null) {
            t.tops[i] = null;
        }
    }

    /** At the start of {@code writeOrdinaryObject}, {@code writeArray} and {@code writeEnum}. */
    static void wrote(final ObjectStreamClass desc) {
        if (on) {
            counted(desc.forClass(), OBJECTS_WRITTEN);
        }
    }

    /** At the start of {@code writeString}. */
    static void wroteString() {
        if (on) {
            TALLY.get().strings.add(OBJECTS_WRITTEN, 1);
        }
    }

    /** In {@code readOrdinaryObject}, {@code readArray} and {@code readEnum}, once the descriptor is read. */
    static void read(final ObjectStreamClass desc) {
        if (on && desc != null) {
            counted(desc.forClass(), OBJECTS_READ); // null: a class the stream could not resolve
        }
    }

    /** At the start of {@code readString(boolean)}. */
    static void readString() {
        if (on) {
            TALLY.get().strings.add(OBJECTS_READ, 1);
        }
    }

    private static void counted(final Class<?> cl, final int field) {
        if (cl != null) {
            TALLY.get().recentClasses.slot(cl).add(field, 1);
        }
    }

    /** A descriptor of {@code cl} written from its template, of {@code bytes} bytes. */
    static void descriptorWritten(final Class<?> cl, final int bytes) {
        ThreadTallies.Slot slot = TALLY.get().recentClasses.slot(cl);
        slot.add(DESCRIPTORS, 1);
        slot.add(DESCRIPTOR_BYTES, bytes);
    }

    /** One engine outcome ({@link #OUTCOMES}); callers check {@link #on} first. */
    static void count(final int outcome) {
        TALLY.get().engine[outcome]++;
    }

    // ---- bytes ------------------------------------------------------------------------------------------------

    /**
     * The bytes the stream has written so far, when its sink is a {@code ByteArrayOutputStream} (what it holds, and
     * what the stream buffers); -1 for any other sink, whose count the JDK does not keep.
     */
    private static long bytesWritten(final ObjectOutputStream out) {
        if (!BYTES) {
            return -1;
        }
        try {
            Object bout = (Object) JdkObjectOutputStream.BOUT.invokeExact(out);
            if (bout == null) {
                return -1;
            }
            OutputStream sink = (OutputStream) JdkBlockDataOutputStream.OUT.invokeExact(bout);
            if (sink == null || sink.getClass() != ByteArrayOutputStream.class) {
                return -1;
            }
            // its count, not its size(), which would take its lock twice per top-level write
            return (int) JdkByteArrayOutputStream.COUNT.invokeExact((ByteArrayOutputStream) sink)
                    + (int) JdkBlockDataOutputStream.POS.invokeExact(bout);
        } catch (Throwable t) {
            return -1;
        }
    }

    /** The bytes the stream has read so far (the count serialization filters see); -1 when it has none. */
    private static long bytesRead(final ObjectInputStream in) {
        if (!BYTES) {
            return -1;
        }
        try {
            Object bin = (Object) JdkObjectInputStream.BIN.invokeExact(in);
            if (bin == null) {
                return -1;
            }
            Object peek = (Object) JdkBlockDataInputStream.IN.invokeExact(bin);
            return peek == null ? -1 : (long) JdkPeekInputStream.TOTAL_BYTES_READ.invokeExact(peek);
        } catch (Throwable t) {
            return -1;
        }
    }

    // ---- snapshot ---------------------------------------------------------------------------------------------

    /**
     * The counts so far: {@code on} (Boolean), {@code since} (Long, ms), {@code classes} (name to {objects written,
     * objects read, descriptors written from templates, their bytes}), {@code streams} (name to {opened, top-level
     * writes, top-level reads, bytes written, bytes read, ns writing, ns reading}), {@code engine} (outcome to count).
     * Only JDK types: the agent reads it from another class loader.
     */
    static Map<String, Object> snapshot() {
        Tally sum = TALLY.sum();
        Map<String, long[]> classes = new LinkedHashMap<>();
        for (Counted c : copy(CLASS_LIST)) {
            long[] v = new long[CLASS_WIDTH];
            for (int f = 0; f < v.length; f++) {
                v[f] = sum.classes.get(c.index, f);
            }
            if (v[0] + v[1] + v[2] + v[3] > 0) {
                classes.merge(c.name, v, Statistics::add);
            }
        }
        Map<String, long[]> streams = new LinkedHashMap<>();
        for (Counted c : copy(STREAM_LIST)) {
            long writes = sum.streams.get(c.index, WRITES);
            long reads = sum.streams.get(c.index, READS);
            long[] v = {sum.streams.get(c.index, OPENED), writes, reads, sum.streams.get(c.index, BYTES_WRITTEN),
                    sum.streams.get(c.index, BYTES_READ),
                    scaled(sum.streams.get(c.index, NANOS_WRITING), writes, sum.streams.get(c.index, TIMED_WRITES)),
                    scaled(sum.streams.get(c.index, NANOS_READING), reads, sum.streams.get(c.index, TIMED_READS))};
            if (v[0] + v[1] + v[2] > 0) {
                streams.merge(c.name, v, Statistics::add);
            }
        }
        Map<String, Long> engine = new LinkedHashMap<>();
        for (int i = 0; i < sum.engine.length; i++) {
            engine.put(OUTCOMES.get(i), sum.engine[i]);
        }
        Map<String, Object> snapshot = new LinkedHashMap<>();
        snapshot.put("on", on);
        snapshot.put("since", since);
        snapshot.put("classes", classes);
        snapshot.put("streams", streams);
        snapshot.put("engine", engine);
        return snapshot;
    }

    /** {@code list}, the other classes' entry ({@link #OTHER}, index 0) last. */
    private static List<Counted> copy(final List<Counted> list) {
        List<Counted> out;
        synchronized (list) {
            out = new ArrayList<>(list.subList(1, list.size()));
            out.add(list.get(0));
        }
        return out;
    }

    /** The time of all {@code operations}, from that of the {@code timed} ones. */
    private static long scaled(final long nanos, final long operations, final long timed) {
        return timed == 0 ? 0 : Math.round((double) nanos * operations / timed);
    }

    private static long[] add(final long[] a, final long[] b) {
        long[] sum = a.clone();
        for (int i = 0; i < sum.length; i++) {
            sum[i] += b[i];
        }
        return sum;
    }
}
