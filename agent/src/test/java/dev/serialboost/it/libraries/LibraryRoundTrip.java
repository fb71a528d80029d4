package dev.serialboost.it.libraries;

import com.google.common.collect.ArrayListMultimap;
import com.google.common.collect.HashBiMap;
import com.google.common.collect.HashMultimap;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableListMultimap;
import com.google.common.collect.LinkedHashMultimap;
import com.google.common.collect.Multimap;
import com.google.common.collect.Multimaps;
import com.google.common.collect.TreeMultimap;
import com.google.common.collect.TreeMultiset;
import dev.serialboost.it.StreamFlags;
import org.apache.commons.collections4.bag.HashBag;
import org.apache.commons.collections4.bidimap.TreeBidiMap;
import org.apache.commons.collections4.list.FixedSizeList;
import org.apache.commons.collections4.list.UnmodifiableList;
import org.apache.commons.collections4.map.CaseInsensitiveMap;
import org.apache.commons.collections4.map.LRUMap;
import org.apache.commons.collections4.map.LinkedMap;
import org.apache.commons.collections4.map.MultiKeyMap;
import org.apache.commons.collections4.queue.CircularFifoQueue;
import org.apache.commons.collections4.trie.PatriciaTrie;
import org.apache.commons.math3.random.MersenneTwister;
import org.joda.time.DateTime;
import org.joda.time.DateTimeZone;
import org.joda.time.LocalDate;
import org.joda.time.Period;
import org.joda.time.chrono.BuddhistChronology;
import org.joda.time.chrono.GJChronology;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Published library classes, as their users serialize them: each sample is written and read back in one stream,
 * and a line says what came back ({@code NAME: CLASS equal=B TEXT}), so that runs with and without the agent can be
 * compared line for line. Several are the classes a converted superclass once made unwritable (guava multimaps,
 * commons-collections4 decorators and tries, joda-time {@code Period}, math3 {@code MersenneTwister}). Then every
 * class of those libraries' jars is loaded by name (not initialized), as a large application loads its class path:
 * {@code loaded N of M}.
 */
public final class LibraryRoundTrip {

    private LibraryRoundTrip() {
    }

    public static void main(final String[] args) throws Exception {
        for (Map.Entry<String, Object> sample : samples().entrySet()) {
            Object back = roundTrip(sample.getValue());
            System.out.println(sample.getKey() + ": " + back.getClass().getName() + " equal="
                    + same(sample.getValue(), back) + " " + text(back));
        }
        loadEveryClass(HashMultimap.class, UnmodifiableList.class, Period.class, MersenneTwister.class);
    }

    private static Map<String, Object> samples() {
        Map<String, Object> samples = new LinkedHashMap<>();
        Multimap<String, Integer> hash = HashMultimap.create();
        hash.put("a", 1);
        hash.put("a", 2);
        hash.put("b", 3);
        samples.put("guava HashMultimap", hash);
        Multimap<String, Integer> list = ArrayListMultimap.create();
        list.put("a", 1);
        list.put("a", 1);
        list.put("b", 2);
        samples.put("guava ArrayListMultimap", list);
        TreeMultimap<String, Integer> tree = TreeMultimap.create();
        tree.put("z", 26);
        tree.put("a", 1);
        samples.put("guava TreeMultimap", tree);
        samples.put("guava ImmutableList", ImmutableList.of("x", "y"));
        samples.put("commons-collections4 UnmodifiableList",
                UnmodifiableList.unmodifiableList(new ArrayList<>(List.of("p", "q"))));
        samples.put("commons-collections4 FixedSizeList", FixedSizeList.fixedSizeList(new ArrayList<>(List.of(1, 2))));
        PatriciaTrie<Integer> trie = new PatriciaTrie<>();
        trie.put("serial", 1);
        trie.put("series", 2);
        trie.put("boost", 3);
        samples.put("commons-collections4 PatriciaTrie", trie);
        LinkedMap<String, String> linked = new LinkedMap<>();
        linked.put("k", "v");
        samples.put("commons-collections4 LinkedMap", linked);
        samples.put("joda-time Period", new Period(1, 2, 3, 4, 5, 6, 7, 8));
        samples.put("joda-time LocalDate", new LocalDate(2026, 11, 23));
        samples.put("joda-time DateTime", new DateTime(2026, 11, 23, 12, 0, DateTimeZone.UTC));
        // classes whose writeObject/readObject call defaultWriteObject/defaultReadObject, converted with convert=all
        HashBiMap<String, Integer> bi = HashBiMap.create();
        bi.put("one", 1);
        bi.put("two", 2);
        samples.put("guava HashBiMap", bi);
        LinkedHashMultimap<String, Integer> linkedMultimap = LinkedHashMultimap.create();
        linkedMultimap.put("b", 2);
        linkedMultimap.put("a", 1);
        linkedMultimap.put("b", 3);
        samples.put("guava LinkedHashMultimap", linkedMultimap);
        samples.put("guava TreeMultiset", TreeMultiset.create(List.of("m", "a", "m")));
        samples.put("guava synchronized ListMultimap", Multimaps.synchronizedListMultimap(
                ArrayListMultimap.create(ImmutableListMultimap.of("s", 1, "s", 2))));
        HashBag<String> bag = new HashBag<>();
        bag.add("x", 3);
        bag.add("y");
        samples.put("commons-collections4 HashBag", bag);
        TreeBidiMap<String, Integer> treeBidi = new TreeBidiMap<>();
        treeBidi.put("k", 11);
        treeBidi.put("j", 10);
        samples.put("commons-collections4 TreeBidiMap", treeBidi);
        CircularFifoQueue<Integer> fifo = new CircularFifoQueue<>(3);
        fifo.addAll(List.of(1, 2, 3, 4));
        samples.put("commons-collections4 CircularFifoQueue", fifo);
        LRUMap<String, String> lru = new LRUMap<>(2);
        lru.put("old", "1");
        lru.put("mid", "2");
        lru.get("old");
        lru.put("new", "3");
        samples.put("commons-collections4 LRUMap", lru);
        MultiKeyMap<String, String> multiKey = new MultiKeyMap<>();
        multiKey.put("a", "b", "ab");
        samples.put("commons-collections4 MultiKeyMap", multiKey);
        samples.put("commons-collections4 CaseInsensitiveMap", new CaseInsensitiveMap<>(Map.of("Key", "v")));
        samples.put("joda-time DateTime GJChronology", new DateTime(1582, 10, 20, 0, 0,
                GJChronology.getInstance(DateTimeZone.forOffsetHours(2))));
        samples.put("joda-time LocalDate BuddhistChronology", new LocalDate(2500, 1, 2,
                BuddhistChronology.getInstanceUTC()));
        MersenneTwister random = new MersenneTwister(42L);
        random.nextLong();
        samples.put("commons-math3 MersenneTwister", random);
        return samples;
    }

    /**
     * Equal as the class defines it; a generator, by the numbers it gives next (on copies, so both stay put); a queue
     * without {@code equals}, by its capacity and elements.
     */
    private static boolean same(final Object original, final Object back) throws IOException, ClassNotFoundException {
        if (original instanceof MersenneTwister a && back instanceof MersenneTwister b) {
            MersenneTwister a2 = (MersenneTwister) roundTrip(a);
            MersenneTwister b2 = (MersenneTwister) roundTrip(b);
            return a2.nextLong() == b2.nextLong() && a2.nextDouble() == b2.nextDouble();
        }
        if (original instanceof CircularFifoQueue<?> a && back instanceof CircularFifoQueue<?> b) {
            return a.maxSize() == b.maxSize() && List.copyOf(a).equals(List.copyOf(b)); // it has no equals
        }
        return Objects.equals(original, back);
    }

    private static String text(final Object back) {
        if (back instanceof MersenneTwister m) {
            return "next=" + m.nextLong();
        }
        return String.valueOf(back);
    }

    private static Object roundTrip(final Object value) throws IOException, ClassNotFoundException {
        return StreamFlags.read(StreamFlags.write(value));
    }

    /** Loads, without initializing, every class of the jars these classes come from. */
    private static void loadEveryClass(final Class<?>... fromJars) throws IOException, URISyntaxException {
        int total = 0;
        int loaded = 0;
        for (Class<?> c : fromJars) {
            File jarFile = new File(c.getProtectionDomain().getCodeSource().getLocation().toURI());
            try (JarFile jar = new JarFile(jarFile)) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    String name = e.nextElement().getName();
                    if (!name.endsWith(".class") || name.startsWith("META-INF/") || name.endsWith("module-info.class")
                            || name.endsWith("package-info.class")) {
                        continue;
                    }
                    total++;
                    try {
                        Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false,
                                LibraryRoundTrip.class.getClassLoader());
                        loaded++;
                    } catch (ClassNotFoundException | LinkageError ignored) {
                        // an optional dependency of the library is missing: the same with and without the agent
                    }
                }
            }
        }
        System.out.println("loaded " + loaded + " of " + total);
    }
}
