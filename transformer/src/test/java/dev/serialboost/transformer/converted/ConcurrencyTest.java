package dev.serialboost.transformer.converted;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.testing.Converted;
import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.GraphAssert;
import dev.serialboost.testing.RoundTrip;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Many threads serializing the same converted classes at once. {@value #THREADS} threads, released together by a
 * latch, round-trip every round-tripping corpus graph and the safety fixtures' sample graph through the same
 * converted classes of one class loader, and each copy must be the copy plain JDK serialization makes of the
 * original classes in a single thread (the whole graph: every field, identity, cycles).
 *
 * <p>First use is raced on purpose, in {@value #LOADERS} fresh loaders. Half of them are first used by all threads
 * at once in the same order ({@link Mode#SAME_ORDER}): the threads load and transform the same classes at the same
 * moment (one shared {@link ClassHierarchy}, as the agent has one per loader) and then run their generated code.
 * In the other half the graphs are built first and the threads then go in lockstep, a barrier before each graph
 * ({@link Mode#LOCKSTEP}): every class's generated code runs for the first time in all threads together, so the
 * dynamic constants of {@code BulkLayout} (all-primitive levels) and {@code FinalField} (final fields) bootstrap in
 * several threads at once. A last pass per loader shuffles the order per thread ({@link Mode#SHUFFLED}) and ends
 * with one journal-style stream per thread holding every graph.
 *
 * <p>Where a graph's converted bytes are the same from two fresh loaders in one thread, the bytes each thread
 * writes must be those too.
 *
 * <p>The corpus fixtures' own checks ({@code Fixture.apply}) still run, because some record observations into the
 * copy that the graph comparison relies on; their verdicts are not used, because several count static side effects
 * per class loader (constructor runs, readResolve calls), which {@value #THREADS} threads multiply.
 */
class ConcurrencyTest {

    static final int THREADS = 8;
    static final int LOADERS = 6;
    private static final String SAMPLE = "safety-sample-graph";
    /** Fixtures whose graph building mutates unsynchronized static collections; built one thread at a time. */
    private static final Set<String> STATIC_STATE = Set.of("inherited-protected-readResolve");
    /** Left out: its graph depends on how often it was built before in the loader (it changes a static label). */
    private static final Set<String> NOT_REPEATABLE = Set.of("static-fields-explicit-uid");
    private static final Object BUILD_LOCK = new Object();

    /** One graph: a corpus case, or the safety fixtures' sample graph (fixture {@code null}). */
    private record Item(String name, String fixture) {
        Object root(final ClassLoader loader) {
            if (fixture == null) {
                return sample(loader);
            }
            if (STATIC_STATE.contains(name)) {
                synchronized (BUILD_LOCK) {
                    return SafetySupport.corpusRoot(loader, fixture);
                }
            }
            return SafetySupport.corpusRoot(loader, fixture);
        }

        /** Runs the fixture's own check for its side effects on the copy (see the class comment). */
        void normalise(final ClassLoader loader, final Object copy) {
            if (fixture == null) {
                return;
            }
            try {
                @SuppressWarnings("unchecked")
                Function<Object, String> check = (Function<Object, String>) Class.forName(fixture, true, loader)
                        .getConstructor().newInstance();
                check.apply(copy);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static Object sample(final ClassLoader loader) {
        try {
            return Class.forName("dev.serialboost.safety.SafetyFixtures", true, loader).getMethod("sampleGraph", int.class)
                    .invoke(null, 1);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void threadsRoundTripConvertedClassesAtOnceAsPlainJdkDoesAlone() throws Exception {
        List<Item> items = new ArrayList<>();
        for (CorpusRoundTripTest.CorpusCase c : SafetySupport.roundTripCases()) {
            if (!NOT_REPEATABLE.contains(c.name)) {
                items.add(new Item(c.name, c.fixture));
            }
        }
        items.add(new Item(SAMPLE, null));

        // the truth: plain JDK serialization of the original classes, in one thread
        ChildFirstLoader plain = SafetySupport.plainLoader();
        Map<String, Object> expected = new HashMap<>();
        for (Item item : items) {
            Object copy = RoundTrip.of(item.root(plain), plain);
            item.normalise(plain, copy);
            expected.put(item.name, copy);
        }
        // the bytes serialboost writes in one thread, where two fresh loaders agree on them
        Map<String, byte[]> alone = new HashMap<>();
        ChildFirstLoader first = SafetySupport.transformedLoader();
        ChildFirstLoader second = SafetySupport.transformedLoader();
        for (Item item : items) {
            byte[] a = RoundTrip.write(item.root(first));
            if (Arrays.equals(a, RoundTrip.write(item.root(second)))) {
                alone.put(item.name, a);
            }
        }
        assertTrue(alone.size() > items.size() / 2, "only " + alone.size() + " of " + items.size()
                + " graphs are written deterministically");

        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        long started = System.nanoTime();
        int roundTrips = 0;
        try {
            for (int l = 0; l < LOADERS; l++) {
                ChildFirstLoader loader = SafetySupport.transformedLoader();
                for (Mode mode : List.of(l % 2 == 0 ? Mode.SAME_ORDER : Mode.LOCKSTEP, Mode.SHUFFLED)) {
                    roundTrips += race(pool, loader, items, l, mode, expected, alone, problems);
                }
                assertTrue(Converted.hasBodies(
                        Class.forName("dev.serialboost.corpus.workloads.MarketData", false, loader)), "converted");
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.printf("ConcurrencyTest: %d threads, %d round trips of %d graphs in %d fresh loaders, %.1f s%n",
                THREADS, roundTrips, items.size(), LOADERS, (System.nanoTime() - started) / 1e9);
        if (!problems.isEmpty()) {
            throw new AssertionError(problems.size() + " problem(s) with " + THREADS + " threads:\n  "
                    + String.join("\n  ", problems.subList(0, Math.min(20, problems.size()))));
        }
    }

    /** How the threads of one pass go through the graphs. */
    private enum Mode {
        /** Each thread builds and round-trips every graph, all in the same order. */
        SAME_ORDER,
        /** The graphs are built beforehand; the threads wait for each other before each graph. */
        LOCKSTEP,
        /** Each thread in its own order, then all its graphs in one stream. */
        SHUFFLED
    }

    /** One pass: all threads released at once by a latch. */
    private static int race(final ExecutorService pool, final ChildFirstLoader loader, final List<Item> items,
                            final int loaderIndex, final Mode mode, final Map<String, Object> expected,
                            final Map<String, byte[]> alone, final List<String> problems) throws Exception {
        CountDownLatch ready = new CountDownLatch(THREADS);
        CountDownLatch go = new CountDownLatch(1);
        CyclicBarrier eachGraph = new CyclicBarrier(THREADS);
        Map<Integer, List<Object>> built = new HashMap<>();
        if (mode == Mode.LOCKSTEP) {
            for (int t = 0; t < THREADS; t++) {
                List<Object> roots = new ArrayList<>();
                for (Item item : items) {
                    roots.add(item.root(loader));
                }
                built.put(t, roots);
            }
        }
        List<Future<Integer>> futures = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            futures.add(pool.submit(() -> {
                List<Item> order = new ArrayList<>(items);
                if (mode == Mode.SHUFFLED) {
                    Collections.shuffle(order, new Random(31L * loaderIndex + thread));
                }
                ready.countDown();
                go.await();
                String where = "loader " + loaderIndex + " " + mode + " thread " + thread + ": ";
                int done = 0;
                List<Object> roots = new ArrayList<>();
                for (int i = 0; i < order.size(); i++) {
                    Item item = order.get(i);
                    try {
                        Object root;
                        if (mode == Mode.LOCKSTEP) {
                            root = built.get(thread).get(i);
                            eachGraph.await(60, TimeUnit.SECONDS);
                        } else {
                            root = item.root(loader);
                        }
                        roots.add(root);
                        byte[] bytes = RoundTrip.write(root);
                        byte[] single = alone.get(item.name);
                        if (single != null && !Arrays.equals(single, bytes)) {
                            problems.add(where + item.name + ": wrote other bytes than a single thread writes");
                        }
                        Object copy = RoundTrip.read(bytes, loader);
                        item.normalise(loader, copy);
                        GraphAssert.assertSameGraph(expected.get(item.name), copy);
                        done++;
                    } catch (Throwable e) {
                        problems.add(where + item.name + ": " + e);
                    }
                }
                if (mode == Mode.SHUFFLED) {
                    done += journal(loader, order, roots, expected, where, problems);
                }
                return done;
            }));
        }
        ready.await();
        go.countDown();
        int total = 0;
        for (Future<Integer> f : futures) {
            total += f.get(120, TimeUnit.SECONDS);
        }
        return total;
    }

    /** Every graph of this thread in one stream (class descriptors and handles shared), read back in one go. */
    private static int journal(final ClassLoader loader, final List<Item> order, final List<Object> roots,
                               final Map<String, Object> expected, final String where, final List<String> problems) {
        if (roots.size() != order.size()) {
            return 0; // a graph failed to build; already reported
        }
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                for (Object root : roots) {
                    out.writeObject(root);
                }
            }
            try (ObjectInputStream in = RoundTrip.input(new ByteArrayInputStream(bytes.toByteArray()), loader)) {
                for (Item item : order) {
                    Object copy = in.readObject();
                    item.normalise(loader, copy);
                    GraphAssert.assertSameGraph(expected.get(item.name), copy);
                }
            }
            return order.size();
        } catch (Throwable e) {
            problems.add(where + "journal of " + order.size() + " graphs: " + e);
            return 0;
        }
    }
}
