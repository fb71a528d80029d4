package dev.serialboost.it.filters;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The streams of the filter tests, for {@code FilterRecordingIT}:
 * <ul>
 *   <li>{@code write DIR}: writes {@code customers.ser} (business graphs, many objects), {@code chain.ser} (a chain
 *       120 links deep with arrays), {@code list.ser} (JDK classes only, read through {@link TracingInput}) and
 *       {@code outside.ser} (an {@link Outside}, which no other stream holds);</li>
 *   <li>{@code read DIR NAME...}: reads each, prints {@code accepted NAME} or {@code rejected NAME: exception; cause};
 *       the recording runs use this;</li>
 *   <li>{@code observe DIR NAME...}: reads each with a filter of its own per stream that answers {@code UNDECIDED}
 *       and notes what the JDK hands it, then prints what a recording of the same reads must hold, in its format
 *       ({@code stream} and {@code class} lines);</li>
 *   <li>{@code wait DIR NAME...}: prints {@code READY}, waits for a line on stdin, then reads as {@code read};</li>
 *   <li>{@code opened DIR NAME...}: opens a stream of {@code outside.ser} (so the JDK sets its filters up), then as
 *       {@code wait}, then reads that stream, opened before, and prints {@code accepted (opened before) outside.ser}
 *       or {@code rejected (opened before) ...}.</li>
 * </ul>
 */
public final class FilterStreams {

    private FilterStreams() {
    }

    public static void main(final String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        List<String> names = List.of(args).subList(2, args.length);
        switch (args[0]) {
            case "write" -> write(dir);
            case "read" -> read(dir, names, null);
            case "wait" -> {
                System.out.println("READY");
                System.out.flush();
                new java.io.BufferedReader(new java.io.InputStreamReader(System.in)).readLine();
                read(dir, names, null);
            }
            case "opened" -> {
                ObjectInputStream before = new ObjectInputStream(new ByteArrayInputStream(
                        Files.readAllBytes(dir.resolve("outside.ser"))));
                System.out.println("READY");
                System.out.flush();
                new java.io.BufferedReader(new java.io.InputStreamReader(System.in)).readLine();
                read(dir, names, null);
                try (before) {
                    before.readObject();
                    System.out.println("accepted (opened before) outside.ser");
                } catch (IOException | ClassNotFoundException | RuntimeException e) {
                    System.out.println("rejected (opened before) outside.ser: " + e);
                }
            }
            case "observe" -> {
                Observed observed = new Observed();
                read(dir, names, observed);
                observed.print();
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void write(final Path dir) throws IOException {
        List<Customer> customers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            customers.add(Customer.sample(i));
        }
        Files.write(dir.resolve("customers.ser"), bytes(customers));
        Files.write(dir.resolve("chain.ser"), bytes(Link.chain(120)));
        Files.write(dir.resolve("list.ser"), bytes(new ArrayList<>(List.of(1, 2L, "three", new int[5000]))));
        Files.write(dir.resolve("outside.ser"), bytes(new Outside()));
    }

    private static byte[] bytes(final Object o) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(b)) {
            out.writeObject(o);
        }
        return b.toByteArray();
    }

    /**
     * Reads each stream on a thread of its own, which ends before the next starts: the recording counts per thread,
     * so its file must hold the counts of threads that ended.
     */
    private static void read(final Path dir, final List<String> names, final Observed observed)
            throws IOException, InterruptedException {
        for (String name : names) {
            byte[] bytes = Files.readAllBytes(dir.resolve(name));
            Thread reader = new Thread(() -> readOne(name, bytes, observed), "reader of " + name);
            reader.start();
            reader.join();
        }
    }

    private static void readOne(final String name, final byte[] bytes, final Observed observed) {
        try (ObjectInputStream in = open(name, new ByteArrayInputStream(bytes))) {
            if (observed != null) {
                in.setObjectInputFilter(observed.of(in.getClass().getName()));
            }
            in.readObject();
            System.out.println("accepted " + name);
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            System.out.println("rejected " + name + ": " + e + "; cause " + e.getCause());
        }
    }

    private static ObjectInputStream open(final String name, final InputStream in) throws IOException {
        return name.startsWith("list") ? new TracingInput(in) : new ObjectInputStream(in);
    }

    /** What filters were handed, per stream class and per class, in the recording's terms. */
    private static final class Observed {
        private final Map<String, long[]> streams = new TreeMap<>();
        private final Map<String, String[]> classes = new TreeMap<>();
        private final Map<String, Long> checks = new TreeMap<>();

        ObjectInputFilter of(final String stream) {
            return info -> {
                long[] s = streams.computeIfAbsent(stream, k -> new long[] {0, 0, -1, 0, 0});
                s[0] = Math.max(s[0], info.depth());
                s[1] = Math.max(s[1], info.references());
                s[2] = Math.max(s[2], info.arrayLength());
                s[3] = Math.max(s[3], info.streamBytes());
                s[4]++;
                Class<?> c = info.serialClass();
                if (c != null) {
                    String key = c.getName() + " loader=" + loader(c.getClassLoader());
                    classes.putIfAbsent(key, new String[] {stream});
                    checks.merge(key, 1L, Long::sum);
                }
                return ObjectInputFilter.Status.UNDECIDED;
            };
        }

        private static String loader(final ClassLoader l) {
            return l == null ? "bootstrap" : l.getName() != null ? l.getName() : l.getClass().getName();
        }

        void print() {
            System.out.println("dropped classes=0 streams=0");
            streams.forEach((name, s) -> System.out.println("stream " + name + " maxdepth=" + s[0] + " maxrefs=" + s[1]
                    + " maxarray=" + Math.max(s[2], 0) + " maxbytes=" + s[3] + " checks=" + s[4]));
            classes.forEach((key, first) -> System.out.println("class " + key + " stream=" + first[0] + " checks="
                    + checks.get(key)));
        }
    }
}
