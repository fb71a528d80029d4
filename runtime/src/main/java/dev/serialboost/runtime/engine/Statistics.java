package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkBlockDataInputStream;
import dev.serialboost.runtime.jdk.JdkBlockDataOutputStream;
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
import java.util.concurrent.atomic.LongAdder;
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
 * never a class or a loader (a {@code ClassValue} maps a class to its counts).
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
    /** The agent's JFR events: begins one (WRITE or READ), or null when no recording takes it. */
    private static volatile IntFunction<Object> begin;
    /** Ends and commits what {@link #begin} returned, with {stream class, top object's class, bytes or -1}. */
    private static volatile BiConsumer<Object, Object[]> end;

    private static final LongAdder[] ENGINE = new LongAdder[OUTCOMES.size()];

    static {
        for (int i = 0; i < ENGINE.length; i++) {
            ENGINE[i] = new LongAdder();
        }
    }

    /** The counts of one class, by name. */
    static final class ClassCounts {
        final String name;
        final LongAdder written = new LongAdder();
        final LongAdder read = new LongAdder();
        final LongAdder descriptorsWritten = new LongAdder();
        final LongAdder descriptorBytes = new LongAdder();

        ClassCounts(final String name) {
            this.name = name;
        }
    }

    /** The counts of one stream class, by name. */
    static final class StreamCounts {
        final String name;
        final LongAdder opened = new LongAdder();
        final LongAdder writes = new LongAdder();
        final LongAdder reads = new LongAdder();
        final LongAdder bytesWritten = new LongAdder();
        final LongAdder bytesRead = new LongAdder();
        final LongAdder nanosWriting = new LongAdder();
        final LongAdder nanosReading = new LongAdder();

        StreamCounts(final String name) {
            this.name = name;
        }
    }

    /** Every class's counts, in the order first counted; guarded by itself. */
    private static final List<ClassCounts> CLASS_LIST = new ArrayList<>();
    private static final List<StreamCounts> STREAM_LIST = new ArrayList<>();
    private static final ClassCounts OTHER_CLASSES = new ClassCounts(OTHER);
    private static final StreamCounts OTHER_STREAMS = new StreamCounts(OTHER);

    private static final ClassValue<ClassCounts> CLASSES = new ClassValue<>() {
        @Override
        protected ClassCounts computeValue(final Class<?> type) {
            synchronized (CLASS_LIST) {
                if (CLASS_LIST.size() >= MAX_CLASSES) {
                    return OTHER_CLASSES;
                }
                ClassCounts counts = new ClassCounts(type.getName());
                CLASS_LIST.add(counts);
                return counts;
            }
        }
    };

    private static final ClassValue<StreamCounts> STREAMS = new ClassValue<>() {
        @Override
        protected StreamCounts computeValue(final Class<?> type) {
            synchronized (STREAM_LIST) {
                if (STREAM_LIST.size() >= MAX_CLASSES) {
                    return OTHER_STREAMS;
                }
                StreamCounts counts = new StreamCounts(type.getName());
                STREAM_LIST.add(counts);
                return counts;
            }
        }
    };

    /** Whether the stream fields that give a top-level operation's bytes can be had. */
    private static final boolean BYTES = JdkLookup.firstProblem(JdkObjectOutputStream.PROBLEM,
            JdkBlockDataOutputStream.PROBLEM, JdkObjectInputStream.PROBLEM, JdkBlockDataInputStream.PROBLEM,
            JdkPeekInputStream.PROBLEM) == null;

    /** The top-level operations under way on each thread (nested streams make it a stack). */
    private static final ThreadLocal<TopLevel> TOP = ThreadLocal.withInitial(TopLevel::new);

    /** One thread's top-level operations under way, innermost last. */
    private static final class TopLevel {
        /** Deeper than this (a stream per level of a recursive structure), operations are not timed. */
        static final int MAX = 64;
        /**
         * The streams and top objects' classes, weakly: a top-level operation that throws reports no end, and its
         * entry may stay until a later operation of a stream below it ends, which must not keep that stream (its
         * handle table, the objects and classes in it) or a class reachable from this thread.
         */
        WeakReference<?>[] streams = new WeakReference<?>[4];
        WeakReference<?>[] tops = new WeakReference<?>[4];
        long[] nanos = new long[4];
        long[] bytes = new long[4];
        Object[] events = new Object[4];
        int size;

        void push(final Object stream, final Class<?> top, final long startBytes, final Object event) {
            if (size == streams.length) {
                if (size == MAX) {
                    return;
                }
                int n = size * 2;
                streams = java.util.Arrays.copyOf(streams, n);
                tops = java.util.Arrays.copyOf(tops, n);
                nanos = java.util.Arrays.copyOf(nanos, n);
                bytes = java.util.Arrays.copyOf(bytes, n);
                events = java.util.Arrays.copyOf(events, n);
            }
            streams[size] = new WeakReference<>(stream);
            tops[size] = top == null ? null : new WeakReference<>(top);
            bytes[size] = startBytes;
            events[size] = event;
            nanos[size] = System.nanoTime();
            size++;
        }

        /**
         * The index of {@code stream}'s operation, dropping those above it (begun on a nested stream that failed,
         * whose end was never reported); -1 when it is not there (an operation that began before statistics were on).
         */
        int pop(final Object stream) {
            for (int i = size - 1; i >= 0; i--) {
                if (streams[i].get() == stream) {
                    for (int j = i + 1; j < size; j++) {
                        streams[j] = null;
                        tops[j] = null;
                        events[j] = null;
                    }
                    streams[i] = null; // its class and event are taken, then cleared, by the caller
                    size = i;
                    return i;
                }
            }
            return -1;
        }
    }

    private Statistics() {
    }

    /**
     * Switches statistics on (again: nothing changes) with the agent's JFR event functions (either may be null) and
     * returns the reader of {@link #snapshot}. Called by the agent only: package-private, reached through a class
     * loader to which alone {@code java.io} is opened.
     */
    static Supplier<Map<String, Object>> start(final IntFunction<Object> beginEvent,
                                               final BiConsumer<Object, Object[]> endEvent) {
        synchronized (CLASS_LIST) {
            if (beginEvent != null && endEvent != null) {
                end = endEvent;
                begin = beginEvent;
            }
            if (!on) {
                since = System.currentTimeMillis();
                on = true;
            }
        }
        return Statistics::snapshot;
    }

    // ---- hooks: from the patched stream classes and the engine ------------------------------------------------

    /** Before a stream constructor returns ({@code ObjectOutputStream(OutputStream)}, {@code ...InputStream}). */
    static void opened(final Object stream) {
        if (on) {
            STREAMS.get(stream.getClass()).opened.increment();
        }
    }

    /** At the start of {@code writeObject(Object)} and {@code writeUnshared(Object)}, with the stream's depth. */
    static void writeStarts(final ObjectOutputStream out, final Object obj, final int depth) {
        if (on && depth == 0) {
            IntFunction<Object> b = begin;
            TOP.get().push(out, obj == null ? null : obj.getClass(), bytesWritten(out),
                    b == null ? null : b.apply(WRITE));
        }
    }

    /** Before {@code writeObject(Object)} and {@code writeUnshared(Object)} return. */
    static void writeEnds(final ObjectOutputStream out, final int depth) {
        if (on && depth == 0) {
            ended(out, bytesWritten(out), true);
        }
    }

    /** At the start of {@code readObject(Class)} and {@code readUnshared()}, with the stream's depth. */
    static void readStarts(final ObjectInputStream in, final long depth) {
        if (on && depth == 0) {
            IntFunction<Object> b = begin;
            TOP.get().push(in, null, bytesRead(in), b == null ? null : b.apply(READ));
        }
    }

    /** Before {@code readObject(Class)} and {@code readUnshared()} return {@code result}; returns it. */
    static Object readEnds(final Object result, final ObjectInputStream in, final long depth) {
        if (on && depth == 0) {
            TopLevel top = TOP.get();
            int i = top.size - 1;
            if (i >= 0 && top.streams[i].get() == in) {
                top.tops[i] = result == null ? null : new WeakReference<>(result.getClass());
            }
            ended(in, bytesRead(in), false);
        }
        return result;
    }

    private static void ended(final Object stream, final long endBytes, final boolean write) {
        TopLevel top = TOP.get();
        int i = top.pop(stream);
        if (i < 0) {
            return;
        }
        long nanos = System.nanoTime() - top.nanos[i];
        long startBytes = top.bytes[i];
        long bytes = startBytes < 0 || endBytes < 0 ? -1 : endBytes - startBytes;
        Object event = top.events[i];
        StreamCounts counts = STREAMS.get(stream.getClass());
        if (write) {
            counts.writes.increment();
            counts.nanosWriting.add(nanos);
            if (bytes > 0) {
                counts.bytesWritten.add(bytes);
            }
        } else {
            counts.reads.increment();
            counts.nanosReading.add(nanos);
            if (bytes > 0) {
                counts.bytesRead.add(bytes);
            }
        }
        BiConsumer<Object, Object[]> e = end;
        if (event != null && e != null) {
            e.accept(event, new Object[] {stream.getClass(), top.tops[i] == null ? null : top.tops[i].get(), bytes});
        }
        top.tops[i] = null;
        top.events[i] = null;
    }

    /** At the start of {@code writeOrdinaryObject}, {@code writeArray} and {@code writeEnum}. */
    static void wrote(final ObjectStreamClass desc) {
        if (on) {
            Class<?> cl = desc.forClass();
            if (cl != null) {
                CLASSES.get(cl).written.increment();
            }
        }
    }

    /** At the start of {@code writeString}. */
    static void wroteString() {
        if (on) {
            CLASSES.get(String.class).written.increment();
        }
    }

    /** In {@code readOrdinaryObject}, {@code readArray} and {@code readEnum}, once the descriptor is read. */
    static void read(final ObjectStreamClass desc) {
        if (on && desc != null) {
            Class<?> cl = desc.forClass();
            if (cl != null) { // null: a class the stream could not resolve
                CLASSES.get(cl).read.increment();
            }
        }
    }

    /** At the start of {@code readString(boolean)}. */
    static void readString() {
        if (on) {
            CLASSES.get(String.class).read.increment();
        }
    }

    /** A descriptor of {@code cl} written from its template, of {@code bytes} bytes. */
    static void descriptorWritten(final Class<?> cl, final int bytes) {
        ClassCounts counts = CLASSES.get(cl);
        counts.descriptorsWritten.increment();
        counts.descriptorBytes.add(bytes);
    }

    /** One engine outcome ({@link #OUTCOMES}); callers check {@link #on} first. */
    static void count(final int outcome) {
        ENGINE[outcome].increment();
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
            return ((ByteArrayOutputStream) sink).size() + (int) JdkBlockDataOutputStream.POS.invokeExact(bout);
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
        Map<String, long[]> classes = new LinkedHashMap<>();
        List<ClassCounts> classList;
        synchronized (CLASS_LIST) {
            classList = new ArrayList<>(CLASS_LIST);
        }
        classList.add(OTHER_CLASSES);
        for (ClassCounts c : classList) {
            long[] v = {c.written.sum(), c.read.sum(), c.descriptorsWritten.sum(), c.descriptorBytes.sum()};
            if (v[0] + v[1] + v[2] + v[3] > 0) {
                classes.merge(c.name, v, Statistics::add);
            }
        }
        Map<String, long[]> streams = new LinkedHashMap<>();
        List<StreamCounts> streamList;
        synchronized (STREAM_LIST) {
            streamList = new ArrayList<>(STREAM_LIST);
        }
        streamList.add(OTHER_STREAMS);
        for (StreamCounts s : streamList) {
            long[] v = {s.opened.sum(), s.writes.sum(), s.reads.sum(), s.bytesWritten.sum(), s.bytesRead.sum(),
                    s.nanosWriting.sum(), s.nanosReading.sum()};
            if (v[0] + v[1] + v[2] > 0) {
                streams.merge(s.name, v, Statistics::add);
            }
        }
        Map<String, Long> engine = new LinkedHashMap<>();
        for (int i = 0; i < ENGINE.length; i++) {
            engine.put(OUTCOMES.get(i), ENGINE[i].sum());
        }
        Map<String, Object> snapshot = new LinkedHashMap<>();
        snapshot.put("on", on);
        snapshot.put("since", since);
        snapshot.put("classes", classes);
        snapshot.put("streams", streams);
        snapshot.put("engine", engine);
        return snapshot;
    }

    private static long[] add(final long[] a, final long[] b) {
        long[] sum = a.clone();
        for (int i = 0; i < sum.length; i++) {
            sum[i] += b[i];
        }
        return sum;
    }
}
