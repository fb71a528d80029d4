package dev.serialboost.transformer.converted;

import static dev.serialboost.transformer.converted.SafetySupport.FIXTURES;
import static dev.serialboost.transformer.converted.SafetySupport.call;
import static dev.serialboost.transformer.converted.SafetySupport.counter;
import static dev.serialboost.transformer.converted.SafetySupport.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.testing.Converted;
import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.GraphAssert;
import dev.serialboost.testing.RoundTrip;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ObjectInputFilter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Serialization filters rule converted classes exactly as they rule the originals. Every test here is
 * differential: the same graph is written and read once with the classes as compiled and once as
 * serialboost converts them, under the same per-stream {@link ObjectInputFilter} (set with
 * {@code ObjectInputStream.setObjectInputFilter}, as a lambda or as {@link ObjectInputFilter.Config#createFilter}
 * patterns, the {@code jdk.serialFilter} grammar), and both must end the same way: the same exception type and
 * message, or the same graph. The JVM-wide {@code -Djdk.serialFilter} is checked end to end with the agent by
 * {@code FilterIT} in the agent module.
 *
 * <p>Why it holds: generated {@code readExternal} code reads every reference with
 * {@code ObjectInputStream.readObject}, so the JDK's own filter checks (class descriptors, array lengths, depth,
 * reference count, stream bytes) run at the same points, and the filter sees the same classes, array lengths,
 * depths and reference counts for both formats ({@link #corpusFilterChecksAndRejectionsMatchPlainJdk}). Only the
 * byte counts differ, because the two formats have different sizes: a 4-byte shape and block-data framing per
 * object ({@link #maxbytesIsCheckedAtEveryConvertedObject}).
 */
class FilterTest {

    private static final String FORBIDDEN = FIXTURES + "Forbidden";
    private static final String REJECTED = "java.io.InvalidClassException: filter status: REJECTED";

    /** One call of the filter, without the byte count (the two formats differ in size). */
    private record Check(String type, long arrayLength, long depth, long references) {
    }

    /** Wraps a filter (or none) and records every call. */
    private static final class Recorder implements ObjectInputFilter {
        private final ObjectInputFilter delegate;
        final List<Check> checks = new ArrayList<>();
        final List<Long> bytes = new ArrayList<>();

        Recorder(final ObjectInputFilter delegate) {
            this.delegate = delegate;
        }

        @Override
        public Status checkInput(final FilterInfo info) {
            checks.add(new Check(info.serialClass() == null ? null : name(info.serialClass()), info.arrayLength(),
                    info.depth(), info.references()));
            bytes.add(info.streamBytes());
            return delegate == null ? Status.UNDECIDED : delegate.checkInput(info);
        }

        /** The checks of classes and arrays (back-reference checks have no class and differ between formats). */
        List<Check> typed() {
            return checks.stream().filter(c -> c.type != null).toList();
        }
    }

    /**
     * The class name, with the per-JVM suffix of a hidden (lambda) class removed: the two loaders define their
     * lambda classes under different numbers.
     */
    static String name(final Class<?> type) {
        return type.getName().replaceAll("\\$\\$Lambda\\$\\d+/0x[0-9a-f]+", "\\$\\$Lambda");
    }

    /** How one read ended: the copy, or the failure as {@code Class: message}. */
    private record Outcome(Object copy, String failure) {
        static Outcome of(final byte[] stream, final ClassLoader loader, final ObjectInputFilter filter) {
            try {
                return new Outcome(SafetySupport.read(stream, loader, filter), null);
            } catch (Exception e) {
                return new Outcome(null, describe(e));
            }
        }

        boolean rejected() {
            return REJECTED.equals(failure);
        }

        @Override
        public String toString() {
            return failure != null ? failure : "read " + (copy == null ? "null" : copy.getClass().getName());
        }
    }

    /** A filter to probe with, and what it is. */
    private record Probe(String label, ObjectInputFilter filter) {
    }

    static Stream<CorpusRoundTripTest.CorpusCase> corpusCases() {
        return SafetySupport.roundTripCases().stream();
    }

    // ------------------------------------------------------------------------------------------------
    // the whole corpus

    /**
     * For every round-tripping corpus case: the filter sees the same class and array checks, with the same array
     * lengths, depths and reference counts, in both formats; and every filter that rejects something the plain
     * read checks (each class, by pattern or by lambda; each array length minus one; every depth limit; a sweep of
     * reference limits) ends both reads the same way.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("corpusCases")
    void corpusFilterChecksAndRejectionsMatchPlainJdk(final CorpusRoundTripTest.CorpusCase c) {
        ChildFirstLoader plain = SafetySupport.plainLoader();
        ChildFirstLoader transformed = SafetySupport.transformedLoader();
        byte[] p = RoundTrip.write(SafetySupport.corpusRoot(plain, c.fixture));
        byte[] t = RoundTrip.write(SafetySupport.corpusRoot(transformed, c.fixture));

        Recorder plainChecks = new Recorder(null);
        Recorder transformedChecks = new Recorder(null);
        Outcome plainRead = Outcome.of(p, plain, plainChecks);
        Outcome transformedRead = Outcome.of(t, transformed, transformedChecks);
        assertEquals(null, plainRead.failure, "plain read of " + c);
        assertEquals(null, transformedRead.failure, "transformed read of " + c);
        assertEquals(plainChecks.typed(), transformedChecks.typed(),
                "the filter must see the same classes, array lengths, depths and reference counts");

        boolean comparable; // GraphAssert cannot match lambda classes of two loaders
        try {
            GraphAssert.assertSameGraph(plainRead.copy, transformedRead.copy);
            comparable = true;
        } catch (AssertionError e) {
            comparable = false;
        }

        List<String> problems = new ArrayList<>();
        int rejections = 0;
        for (Probe probe : probes(plainChecks, transformedChecks)) {
            Outcome po = Outcome.of(p, plain, probe.filter);
            Outcome to = Outcome.of(t, transformed, probe.filter);
            if (!Objects.equals(po.failure, to.failure)) {
                problems.add(probe.label + ": plain " + po + ", transformed " + to);
            } else if (po.failure == null) {
                if (!comparable) {
                    continue;
                }
                try {
                    GraphAssert.assertSameGraph(po.copy, to.copy);
                } catch (AssertionError e) {
                    problems.add(probe.label + ": both read, but the graphs differ: " + e.getMessage());
                }
            } else {
                rejections++;
            }
        }
        if (!problems.isEmpty()) {
            throw new AssertionError(c + ": " + problems.size() + " filter(s) end the reads differently:\n  "
                    + String.join("\n  ", problems.subList(0, Math.min(20, problems.size()))));
        }
        assertTrue(rejections > 0, c + ": no probe rejected anything; the probes are not probing");
    }

    private static List<Probe> probes(final Recorder plain, final Recorder transformed) {
        List<Probe> probes = new ArrayList<>();
        Set<String> classes = new TreeSet<>();
        Set<Long> lengths = new TreeSet<>();
        long maxDepth = 0;
        long maxRefs = 0;
        for (Recorder r : List.of(plain, transformed)) {
            for (Check check : r.checks) {
                if (check.type != null) {
                    classes.add(check.type);
                }
                if (check.arrayLength > 0) {
                    lengths.add(check.arrayLength);
                }
                maxDepth = Math.max(maxDepth, check.depth);
                maxRefs = Math.max(maxRefs, check.references);
            }
        }
        for (String name : classes) {
            probes.add(new Probe("lambda rejecting " + name, info -> info.serialClass() != null
                    && name(info.serialClass()).equals(name) ? ObjectInputFilter.Status.REJECTED
                    : ObjectInputFilter.Status.UNDECIDED));
            if (!name.startsWith("[") && !name.contains("$$Lambda")) {
                // patterns match the element type of arrays, and cannot name a hidden class
                probes.add(pattern("!" + name));
            }
        }
        for (long length : lengths) {
            probes.add(pattern("maxarray=" + (length - 1)));
        }
        for (long depth : sweep(maxDepth)) {
            probes.add(pattern("maxdepth=" + depth));
        }
        for (long refs : sweep(maxRefs)) {
            probes.add(pattern("maxrefs=" + refs));
        }
        return probes;
    }

    /** Limits to probe below a maximum: every value up to 40, every 7th after that, and the last few. */
    private static Set<Long> sweep(final long max) {
        Set<Long> values = new TreeSet<>();
        for (long v = 1; v <= max + 1; v++) {
            if (v <= 40 || v % 7 == 0 || v >= max - 2) {
                values.add(v);
            }
        }
        return values;
    }

    private static Probe pattern(final String pattern) {
        return new Probe("pattern '" + pattern + "'", ObjectInputFilter.Config.createFilter(pattern));
    }

    // ------------------------------------------------------------------------------------------------
    // a rejected class in a converted class's field

    static Stream<String> forbiddenPlaces() {
        return Stream.of("Holder", "SubHolder", "Frozen", "WideHolder", "array", "list");
    }

    /**
     * A converted class that holds a rejected class in a field (its own, a converted subclass's, a final one, one
     * of a wide level, or inside an array or a JDK collection there): every filter form rejects it with the
     * JDK's exception, and the rejected class is neither instantiated (its non-serializable base's constructor
     * never runs) nor initialized (its static initializer never runs) in the reading class loader.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("forbiddenPlaces")
    void rejectedClassInAConvertedFieldIsRejectedAndNeverInstantiated(final String where) {
        Map<String, ObjectInputFilter> filters = new LinkedHashMap<>();
        filters.put("per-stream lambda", info -> info.serialClass() != null
                && info.serialClass().getName().equals(FORBIDDEN) ? ObjectInputFilter.Status.REJECTED
                : ObjectInputFilter.Status.UNDECIDED);
        filters.put("pattern rejecting the class", ObjectInputFilter.Config.createFilter("!" + FORBIDDEN));
        filters.put("pattern rejecting a name prefix", ObjectInputFilter.Config.createFilter("!" + FIXTURES + "Forbid*"));
        filters.put("allow-list pattern", ObjectInputFilter.Config.createFilter(
                FIXTURES + "Holder;" + FIXTURES + "SubHolder;" + FIXTURES + "Frozen;" + FIXTURES + "WideHolder;"
                        + "java.base/*;!*"));

        byte[] plainStream = write(false, fixtures("withForbidden", where));
        byte[] transformedStream = write(true, fixtures("withForbidden", where));
        for (Map.Entry<String, ObjectInputFilter> f : filters.entrySet()) {
            ChildFirstLoader plainReader = SafetySupport.plainLoader();
            ChildFirstLoader transformedReader = SafetySupport.transformedLoader();
            Outcome po = Outcome.of(plainStream, plainReader, f.getValue());
            Outcome to = Outcome.of(transformedStream, transformedReader, f.getValue());
            String label = where + ", " + f.getKey() + ": ";
            assertEquals(REJECTED, po.failure, label + "plain JDK");
            assertEquals(po.failure, to.failure, label + "converted classes must be rejected as the plain ones are");
            assertTrue(Converted.hasBodies(load(transformedReader, "Holder")), "Holder is converted");
            for (ChildFirstLoader reader : List.of(plainReader, transformedReader)) {
                String which = label + (reader == plainReader ? "plain" : "transformed") + " reader: ";
                assertEquals(0, counter(reader, "forbiddenBaseConstructed"), which + "a rejected class was instantiated");
                assertEquals(0, counter(reader, "forbiddenInitialized"), which + "a rejected class was initialized");
            }
        }

        // the control: without a filter the class is read, and the counters see it
        for (boolean transformed : List.of(false, true)) {
            ChildFirstLoader reader = SafetySupport.loader(transformed);
            Outcome o = Outcome.of(transformed ? transformedStream : plainStream, reader, null);
            assertEquals(null, o.failure, where + " without a filter");
            assertEquals(1, counter(reader, "forbiddenBaseConstructed"), where + ": the counters do not count");
            assertEquals(1, counter(reader, "forbiddenInitialized"), where + ": the counters do not count");
        }
    }

    // ------------------------------------------------------------------------------------------------
    // array lengths, depth, references, bytes

    static Stream<String> arrayPlaces() {
        return Stream.of("ints", "objects", "final", "wide", "list");
    }

    /** An array longer than {@code maxarray} in a converted class's field is rejected, by pattern and by lambda. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("arrayPlaces")
    void arrayLongerThanMaxarrayInAConvertedFieldIsRejected(final String where) {
        int length = 1000;
        byte[] plainStream = write(false, fixtures("withArray", where, length));
        byte[] transformedStream = write(true, fixtures("withArray", where, length));
        Map<String, ObjectInputFilter> tooShort = Map.of(
                "maxarray=" + (length - 1), ObjectInputFilter.Config.createFilter("maxarray=" + (length - 1)),
                "lambda arrayLength > " + (length - 1), info -> info.arrayLength() > length - 1
                        ? ObjectInputFilter.Status.REJECTED : ObjectInputFilter.Status.UNDECIDED);
        for (Map.Entry<String, ObjectInputFilter> f : tooShort.entrySet()) {
            Outcome po = Outcome.of(plainStream, SafetySupport.plainLoader(), f.getValue());
            Outcome to = Outcome.of(transformedStream, SafetySupport.transformedLoader(), f.getValue());
            assertEquals(REJECTED, po.failure, where + ", " + f.getKey() + ": plain JDK");
            assertEquals(po.failure, to.failure, where + ", " + f.getKey() + ": converted");
        }
        ObjectInputFilter enough = ObjectInputFilter.Config.createFilter("maxarray=" + length);
        Outcome po = Outcome.of(plainStream, SafetySupport.plainLoader(), enough);
        Outcome to = Outcome.of(transformedStream, SafetySupport.transformedLoader(), enough);
        assertEquals(null, po.failure, where + ", maxarray=" + length + ": plain JDK");
        assertEquals(null, to.failure, where + ", maxarray=" + length + ": converted");
        GraphAssert.assertSameGraph(po.copy, to.copy);
    }

    /**
     * A linked list through converted objects: for every {@code maxdepth} from 1 to past the list's depth, by
     * pattern and by lambda, both reads end the same way, and the smallest limit that lets the list through is the
     * same.
     */
    @Test
    void maxdepthThroughAListOfConvertedObjectsIsTheJdksOwn() {
        int nodes = 60;
        byte[] plainStream = write(false, list(nodes));
        byte[] transformedStream = write(true, list(nodes));
        ChildFirstLoader plain = SafetySupport.plainLoader();
        ChildFirstLoader transformed = SafetySupport.transformedLoader();
        Map<String, Long> smallestAccepted = new LinkedHashMap<>();
        for (String form : List.of("pattern", "lambda")) {
            for (long limit = 1; limit <= 3L * nodes; limit++) {
                long max = limit;
                ObjectInputFilter filter = form.equals("pattern")
                        ? ObjectInputFilter.Config.createFilter("maxdepth=" + limit)
                        : info -> info.depth() > max ? ObjectInputFilter.Status.REJECTED
                                : ObjectInputFilter.Status.UNDECIDED;
                Outcome po = Outcome.of(plainStream, plain, filter);
                Outcome to = Outcome.of(transformedStream, transformed, filter);
                assertEquals(po.failure, to.failure, form + " maxdepth=" + limit);
                if (po.failure == null) {
                    smallestAccepted.putIfAbsent(form, limit);
                    GraphAssert.assertSameGraph(po.copy, to.copy);
                } else {
                    assertEquals(REJECTED, po.failure, form + " maxdepth=" + limit);
                }
            }
        }
        assertTrue(smallestAccepted.getOrDefault("pattern", 0L) >= nodes,
                "a list of " + nodes + " nodes needs at least that depth: " + smallestAccepted);
        assertEquals(smallestAccepted.get("pattern"), smallestAccepted.get("lambda"));
    }

    /** {@code maxrefs} over an array of converted objects: every limit up to past the total ends both reads alike. */
    @Test
    void maxrefsThroughConvertedObjectsIsTheJdksOwn() {
        int holders = 50;
        byte[] plainStream = write(false, fixtures("manyHolders", holders));
        byte[] transformedStream = write(true, fixtures("manyHolders", holders));
        ChildFirstLoader plain = SafetySupport.plainLoader();
        ChildFirstLoader transformed = SafetySupport.transformedLoader();
        long smallestAccepted = -1;
        for (long limit = 1; limit <= 4L * holders; limit++) {
            ObjectInputFilter filter = ObjectInputFilter.Config.createFilter("maxrefs=" + limit);
            Outcome po = Outcome.of(plainStream, plain, filter);
            Outcome to = Outcome.of(transformedStream, transformed, filter);
            assertEquals(po.failure, to.failure, "maxrefs=" + limit);
            if (po.failure == null && smallestAccepted < 0) {
                smallestAccepted = limit;
            }
        }
        assertTrue(smallestAccepted > 2L * holders, "50 holders with 50 strings need more than 100 references, but "
                + smallestAccepted + " were enough");
    }

    /**
     * {@code maxbytes} limits converted streams too. The two formats differ in size, so the limits at which they
     * fail differ: this checks what matters, that the filter is consulted at every converted object with the bytes
     * read so far, so a stream that outgrows the limit fails within one object of it; that a limit of half either
     * stream fails both; and that a limit of the whole stream passes both.
     */
    @Test
    void maxbytesIsCheckedAtEveryConvertedObject() {
        int nodes = 200;
        byte[] plainStream = write(false, list(nodes));
        byte[] transformedStream = write(true, list(nodes));
        Map<String, byte[]> streams = new LinkedHashMap<>();
        streams.put("plain", plainStream);
        streams.put("transformed", transformedStream);
        for (Map.Entry<String, byte[]> s : streams.entrySet()) {
            boolean converted = s.getKey().equals("transformed");
            ChildFirstLoader loader = SafetySupport.loader(converted);
            byte[] stream = s.getValue();
            // after the last node, a converted stream closes each node's block data: one byte per node
            int endMarkers = converted ? nodes : 0;
            Recorder recorder = new Recorder(null);
            assertEquals(null, Outcome.of(stream, loader, recorder).failure);
            List<Long> bytes = recorder.bytes;
            assertTrue(bytes.size() >= nodes, s.getKey() + ": the filter must be consulted at each of the " + nodes
                    + " nodes, was " + bytes.size() + " times");
            long widestGap = 0;
            for (int i = 1; i < bytes.size(); i++) {
                assertTrue(bytes.get(i) >= bytes.get(i - 1), s.getKey() + ": bytes read went down");
                widestGap = Math.max(widestGap, bytes.get(i) - bytes.get(i - 1));
            }
            long tail = stream.length - bytes.get(bytes.size() - 1) - endMarkers;
            assertTrue(widestGap < 64 && tail < 64, s.getKey() + ": the filter must see the byte count at least every"
                    + " 64 bytes; widest gap " + widestGap + ", unchecked tail " + tail + " (+" + endMarkers
                    + " end markers)");
            long smallestAccepted = -1;
            for (long limit = stream.length - endMarkers - 80; limit <= stream.length; limit++) {
                Outcome o = Outcome.of(stream, loader, ObjectInputFilter.Config.createFilter("maxbytes=" + limit));
                if (o.failure == null) {
                    smallestAccepted = smallestAccepted < 0 ? limit : smallestAccepted;
                } else {
                    assertTrue(smallestAccepted < 0, s.getKey() + ": maxbytes=" + limit + " fails after a smaller"
                            + " limit passed: " + o);
                    assertEquals(REJECTED, o.failure, s.getKey() + " maxbytes=" + limit);
                }
            }
            assertTrue(smallestAccepted > stream.length - endMarkers - 64, s.getKey() + ": a " + stream.length
                    + "-byte stream passes maxbytes=" + smallestAccepted);
        }
        long half = Math.min(plainStream.length, transformedStream.length) / 2;
        ObjectInputFilter filter = ObjectInputFilter.Config.createFilter("maxbytes=" + half);
        assertEquals(REJECTED, Outcome.of(plainStream, SafetySupport.plainLoader(), filter).failure);
        assertEquals(REJECTED, Outcome.of(transformedStream, SafetySupport.transformedLoader(), filter).failure);
        assertNotEquals(plainStream.length, transformedStream.length, "the formats were expected to differ in size");
        System.out.printf("FilterTest: a list of %d nodes is %d bytes plain, %d bytes converted%n", nodes,
                plainStream.length, transformedStream.length);
    }

    // ------------------------------------------------------------------------------------------------

    /** Builds a graph in a fresh loader of the given kind and writes it. */
    private static byte[] write(final boolean transformed, final Function<ClassLoader, Object> graph) {
        return RoundTrip.write(graph.apply(SafetySupport.loader(transformed)));
    }

    /** A graph from a static factory of {@code SafetyFixtures}. */
    private static Function<ClassLoader, Object> fixtures(final String method, final Object... args) {
        return loader -> {
            try {
                Class<?> type = Class.forName("dev.serialboost.safety.SafetyFixtures", true, loader);
                for (var m : type.getMethods()) {
                    if (m.getName().equals(method) && m.getParameterCount() == args.length) {
                        return m.invoke(null, args);
                    }
                }
                throw new NoSuchMethodException(method);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /** {@code SafetyFixtures.Node.list(nodes)}. */
    private static Function<ClassLoader, Object> list(final int nodes) {
        return loader -> call(loader, "Node", "list", nodes);
    }

    private static Class<?> load(final ClassLoader loader, final String simpleName) {
        try {
            return Class.forName(FIXTURES + simpleName, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
