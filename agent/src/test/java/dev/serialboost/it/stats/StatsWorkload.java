package dev.serialboost.it.stats;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Known streams for the statistics: {@link #STREAMS} streams, each with {@link #PLAIN} top-level {@link Plain}s,
 * {@link #LINKED} top-level {@link Linked}s (each holding a new {@code Plain}), one enum constant, one {@code int[]}
 * and one string, written into a {@code ByteArrayOutputStream} and read back, under a JFR recording of the project's
 * events; then, without the recording, top-level writes and reads with nested streams, reads and writes that throw,
 * at the top level and in a nested stream under one that returns ({@link #NESTING}, {@link #NESTED_FAILS_EVERY}), and
 * threads ({@link #THREADS}). Prints the SHA-256 of every stream's bytes and the bytes of their top-level writes;
 * then, with the agent, what its MBean (read through the platform MBean server) and the recording (read back with
 * {@code jdk.jfr.consumer}) say; without it, {@code no-mbean}.
 */
public final class StatsWorkload {

    public static final int STREAMS = 3;
    public static final int PLAIN = 5;
    public static final int LINKED = 7;
    /** Threads that each write and read one {@link Threaded} on streams of their own, and end, one after another. */
    public static final int ONE_AFTER_ANOTHER = 100;
    /**
     * Threads that do the same all alive at once: more than the statistics' table of thread slots holds, so that
     * some find their slot held by a live thread and count through the {@code ThreadLocal}.
     */
    public static final int AT_ONCE = 300;
    /** All the threads that write and read a {@link Threaded}. */
    public static final int THREADS = ONE_AFTER_ANOTHER + AT_ONCE;

    /** Two primitive fields. */
    public static final class Plain implements Serializable {
        private static final long serialVersionUID = 1L;
        final int x;
        final long y;

        Plain(final int x) {
            this.x = x;
            this.y = x * 31L;
        }
    }

    /** A primitive and a reference. */
    public static final class Linked implements Serializable {
        private static final long serialVersionUID = 1L;
        final int id;
        final Plain plain;

        Linked(final int id) {
            this.id = id;
            this.plain = new Plain(id + 100);
        }
    }

    /** Written by the {@link #THREADS} threads. */
    public static final class Threaded implements Serializable {
        private static final long serialVersionUID = 1L;
        final int n;

        Threaded(final int n) {
            this.n = n;
        }
    }

    /** The output stream of the threads: a stream class of its own, counted apart. */
    public static final class ThreadedOut extends ObjectOutputStream {
        ThreadedOut(final ByteArrayOutputStream out) throws java.io.IOException {
            super(out);
        }
    }

    /** The input stream of the threads. */
    public static final class ThreadedIn extends ObjectInputStream {
        ThreadedIn(final byte[] in) throws java.io.IOException {
            super(new ByteArrayInputStream(in));
        }
    }

    /** An enum. */
    public enum Colour { RED, GREEN }

    /**
     * Top-level {@link Nesting}s written to one {@link LongOut} and read back from a {@link LongIn}, after the JFR
     * recording, so that most of these top-level operations are neither timed nor recorded: more of them than the
     * statistics' timing period (one operation timed in 64).
     */
    public static final int NESTING = 150;
    /** Every this-many {@link Nesting}s, an {@link Unknown} before it: written, and refused by the reading stream. */
    public static final int UNKNOWN_EVERY = 5;
    public static final int UNKNOWNS = NESTING / UNKNOWN_EVERY;
    /**
     * Every this-many {@link Nesting}s, another nested stream's top-level operation throws before its {@link Inner}:
     * a {@link Failing} written (a new plain stream's own write, which throws), and a corrupt plain stream read (its
     * top-level read throws), each caught in the {@code Nesting}'s {@code writeObject}/{@code readObject}, whose own
     * top-level operation goes on and returns.
     */
    public static final int NESTED_FAILS_EVERY = 10;
    public static final int NESTED_FAILS = (NESTING + NESTED_FAILS_EVERY - 1) / NESTED_FAILS_EVERY;
    /** Top-level {@link Failing}s written to a {@link LongOut} of their own (never read); every third throws. */
    public static final int FAILING = 90;
    public static final int FAILS = FAILING / 3;

    /** The bytes of the top-level writes of the nested streams ({@link InnerOut}), each stream's header left out. */
    private static long innerBytes;

    /**
     * Writes its {@link Inner} on a nested stream of its own from its {@code writeObject} (a top-level write of another
     * stream within this stream's), and reads it back the same way.
     */
    public static final class Nesting implements Serializable {
        private static final long serialVersionUID = 1L;
        final int n;
        transient Inner inner;

        Nesting(final int n) {
            this.n = n;
            this.inner = new Inner(n);
        }

        private void writeObject(final ObjectOutputStream s) throws IOException {
            s.defaultWriteObject();
            if (n % NESTED_FAILS_EVERY == 0) {
                try {
                    new ObjectOutputStream(new ByteArrayOutputStream()).writeObject(new Failing(0));
                    throw new IOException("a Failing written");
                } catch (IllegalStateException expected) {
                    // the nested write threw; this one goes on
                }
            }
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new InnerOut(b)) {
                out.writeObject(inner);
            }
            innerBytes += b.size() - 4;
            s.writeInt(b.size());
            s.write(b.toByteArray());
        }

        private void readObject(final ObjectInputStream s) throws IOException, ClassNotFoundException {
            s.defaultReadObject();
            byte[] b = new byte[s.readInt()];
            s.readFully(b);
            if (n % NESTED_FAILS_EVERY == 0) {
                // the stream header, then a byte that is no type code
                byte[] corrupt = {(byte) 0xac, (byte) 0xed, 0, 5, 0};
                try {
                    new ObjectInputStream(new ByteArrayInputStream(corrupt)).readObject();
                    throw new IOException("a corrupt stream read");
                } catch (StreamCorruptedException expected) {
                    // the nested read threw; this one goes on
                }
            }
            try (ObjectInputStream in = new InnerIn(b)) {
                inner = (Inner) in.readObject();
            }
        }
    }

    /** What a {@link Nesting} writes on its nested stream. */
    public static final class Inner implements Serializable {
        private static final long serialVersionUID = 1L;
        final long v;

        Inner(final long v) {
            this.v = v;
        }
    }

    /** Written, and not resolved by {@link LongIn}: its read throws {@code ClassNotFoundException}. */
    public static final class Unknown implements Serializable {
        private static final long serialVersionUID = 1L;
        final int n;

        Unknown(final int n) {
            this.n = n;
        }
    }

    /** Its write throws when {@code n} is a multiple of three, after its fields. */
    public static final class Failing implements Serializable {
        private static final long serialVersionUID = 1L;
        final int n;

        Failing(final int n) {
            this.n = n;
        }

        private void writeObject(final ObjectOutputStream s) throws IOException {
            s.defaultWriteObject();
            if (n % 3 == 0) {
                throw new IllegalStateException("failing " + n);
            }
        }
    }

    /** The stream class of the {@link Nesting}s and of the {@link Failing}s. */
    public static final class LongOut extends ObjectOutputStream {
        LongOut(final ByteArrayOutputStream out) throws IOException {
            super(out);
        }
    }

    /** Reads the {@link Nesting}s back; refuses {@link Unknown}. */
    public static final class LongIn extends ObjectInputStream {
        LongIn(final byte[] in) throws IOException {
            super(new ByteArrayInputStream(in));
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            if (desc.getName().equals(Unknown.class.getName())) {
                throw new ClassNotFoundException(desc.getName());
            }
            return super.resolveClass(desc);
        }
    }

    /** The nested streams of {@link Nesting}. */
    public static final class InnerOut extends ObjectOutputStream {
        InnerOut(final ByteArrayOutputStream out) throws IOException {
            super(out);
        }
    }

    /** The nested streams of {@link Nesting}, reading. */
    public static final class InnerIn extends ObjectInputStream {
        InnerIn(final byte[] in) throws IOException {
            super(new ByteArrayInputStream(in));
        }
    }

    /** {@code out}'s bytes from a top-level write of {@code o}, flushed before and after; -1 when it throws. */
    private static long written(final ObjectOutputStream out, final ByteArrayOutputStream sink, final Object o)
            throws IOException {
        out.flush();
        int before = sink.size();
        try {
            out.writeObject(o);
        } catch (IllegalStateException e) {
            return -1;
        }
        out.flush();
        return sink.size() - before;
    }

    /**
     * The {@link Nesting}s and {@link Unknown}s written and read back, the {@link Failing}s written; returns the
     * bytes of the top-level writes that returned: the {@code Nesting}s', the {@code Unknown}s', the {@code
     * Failing}s', and the nested streams'.
     */
    private static long[] nestingAndFailing(final MessageDigest sha) throws Exception {
        long nesting = 0;
        long unknown = 0;
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new LongOut(sink)) {
            for (int i = 0; i < NESTING; i++) {
                if (i % UNKNOWN_EVERY == 0) {
                    unknown += written(out, sink, new Unknown(i));
                }
                nesting += written(out, sink, new Nesting(i));
            }
        }
        sha.update(sink.toByteArray());
        try (ObjectInputStream in = new LongIn(sink.toByteArray())) {
            for (int i = 0; i < NESTING; i++) {
                if (i % UNKNOWN_EVERY == 0) {
                    try {
                        in.readObject();
                        throw new IllegalStateException("an Unknown read");
                    } catch (ClassNotFoundException expected) {
                        // not counted as read
                    }
                }
                if (((Nesting) in.readObject()).inner.v != i) {
                    throw new IllegalStateException("Nesting " + i + " read back wrong");
                }
            }
        }
        long failing = 0;
        int thrown = 0;
        ByteArrayOutputStream broken = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new LongOut(broken)) {
            for (int i = 0; i < FAILING; i++) {
                long n = written(out, broken, new Failing(i));
                if (n < 0) {
                    thrown++;
                } else {
                    failing += n;
                }
            }
        }
        sha.update(broken.toByteArray());
        if (thrown != FAILS) {
            throw new IllegalStateException(thrown + " writes threw, not " + FAILS);
        }
        return new long[] {nesting, unknown, failing, innerBytes};
    }

    private StatsWorkload() {
    }

    /**
     * A thread's work: one {@link Threaded} written and read back on streams of their own, its bytes added to {@code
     * bytes}; when {@code allAlive} is given, only once every thread counted by it is alive, and it ends only then.
     */
    private static Runnable threaded(final int n, final AtomicLong bytes, final CountDownLatch allAlive) {
        return () -> {
            try {
                if (allAlive != null) {
                    allAlive.countDown();
                    allAlive.await();
                }
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                try (ObjectOutputStream stream = new ThreadedOut(out)) {
                    stream.writeObject(new Threaded(n));
                }
                byte[] b = out.toByteArray();
                bytes.addAndGet(b.length - 4); // the stream header is not a top-level write's
                try (ObjectInputStream in = new ThreadedIn(b)) {
                    in.readObject();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    public static void main(final String[] args) throws Exception {
        Recording recording = new Recording();
        recording.enable("dev.serialboost.ObjectWrite");
        recording.enable("dev.serialboost.ObjectRead");
        recording.start();
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        long sizes = 0;
        for (int s = 0; s < STREAMS; s++) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                for (int i = 0; i < PLAIN; i++) {
                    out.writeObject(new Plain(i));
                }
                for (int i = 0; i < LINKED; i++) {
                    out.writeObject(new Linked(i));
                }
                out.writeObject(Colour.GREEN);
                out.writeObject(new int[] {1, 2, 3});
                out.writeObject("hello");
            }
            byte[] b = bytes.toByteArray();
            sha.update(b);
            sizes += b.length;
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b))) {
                for (int i = 0; i < PLAIN + LINKED + 3; i++) {
                    in.readObject();
                }
            }
        }
        recording.stop();
        long[] nesting = nestingAndFailing(sha);
        // threads that count and end before the counts are read (more of them than the statistics keep apart before
        // folding those of ended threads together), one after another, then many at once: none of their counts may be
        // lost
        AtomicLong threadedBytes = new AtomicLong();
        for (int t = 0; t < ONE_AFTER_ANOTHER; t++) {
            Thread thread = new Thread(threaded(t, threadedBytes, null));
            thread.start();
            thread.join();
        }
        CountDownLatch allAlive = new CountDownLatch(AT_ONCE);
        List<Thread> crowd = new ArrayList<>();
        for (int t = 0; t < AT_ONCE; t++) {
            Thread thread = new Thread(threaded(ONE_AFTER_ANOTHER + t, threadedBytes, allAlive));
            thread.start();
            crowd.add(thread);
        }
        for (Thread thread : crowd) {
            thread.join();
        }
        System.out.println("sha " + HexFormat.of().formatHex(sha.digest()));
        System.out.println("stream-bytes " + sizes);
        System.out.println("threaded-bytes " + threadedBytes.get());
        System.out.println("nesting-bytes " + nesting[0] + " " + nesting[1] + " " + nesting[2] + " " + nesting[3]);
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName("dev.serialboost:type=Statistics");
        if (!server.isRegistered(name)) {
            System.out.println("no-mbean");
            return;
        }
        for (String attribute : new String[] {"Enabled", "StreamsOpened", "TopLevelWrites", "TopLevelReads",
            "ObjectsWritten", "ObjectsRead", "BytesWritten", "BytesRead"}) {
            System.out.println("mbean " + attribute + " " + server.getAttribute(name, attribute));
        }
        System.out.println("timed " + ((Long) server.getAttribute(name, "NanosWriting") > 0) + " "
                + ((Long) server.getAttribute(name, "NanosReading") > 0));
        for (CompositeData row : (CompositeData[]) server.getAttribute(name, "Classes")) {
            System.out.println("class " + row.get("name") + " " + row.get("objectsWritten") + " "
                    + row.get("objectsRead") + " " + row.get("descriptorsWritten"));
        }
        for (CompositeData row : (CompositeData[]) server.getAttribute(name, "Streams")) {
            System.out.println("stream " + row.get("name") + " " + row.get("opened") + " " + row.get("writes") + " "
                    + row.get("reads") + " " + row.get("bytesWritten") + " " + row.get("bytesRead"));
        }
        TabularData engine = (TabularData) server.getAttribute(name, "EngineOutcomes");
        Map<String, Object> outcomes = new TreeMap<>();
        for (Object row : engine.values()) {
            CompositeData c = (CompositeData) row;
            outcomes.put((String) c.get("key"), c.get("value"));
        }
        outcomes.forEach((k, v) -> System.out.println("engine " + k + "=" + v));

        Path file = Files.createTempFile("stats", ".jfr");
        recording.dump(file);
        recording.close();
        Map<String, Integer> events = new TreeMap<>();
        long eventBytes = 0;
        for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
            String type = event.getEventType().getName();
            String top = event.getClass("objectClass") == null ? "null" : event.getClass("objectClass").getName();
            events.merge(type + " " + event.getClass("streamClass").getName() + " " + top, 1, Integer::sum);
            eventBytes += event.getLong("bytes");
            if (event.getDuration().isNegative()) {
                System.out.println("jfr negative duration " + event);
            }
        }
        Files.delete(file);
        events.forEach((k, v) -> System.out.println("jfr " + k + " " + v));
        System.out.println("jfr-bytes " + eventBytes);
    }
}
