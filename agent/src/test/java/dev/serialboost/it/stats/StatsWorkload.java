package dev.serialboost.it.stats;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
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
 * events. Prints the SHA-256 of every stream's bytes; then, with the agent, what its MBean (read through the platform
 * MBean server) and the recording (read back with {@code jdk.jfr.consumer}) say; without it, {@code no-mbean}.
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
