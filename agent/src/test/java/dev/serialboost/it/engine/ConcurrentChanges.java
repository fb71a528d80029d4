package dev.serialboost.it.engine;

import dev.serialboost.it.engine.Readers.Style;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.Vector;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Collections of the JDK changed while they are written: an element (or a map value) whose own {@code writeObject}
 * adds to or removes from the collection being written, as a graph that a listener or a lazy cache changes during a
 * write would. Each JDK class's {@code writeObject} answers in its own way (the {@code ArrayList} family's {@code
 * modCount} check throws {@code ConcurrentModificationException}, an iterator throws it, others write what they find),
 * which the engine's direct calls of those methods must leave as the reflective call leaves it; a subclass of {@code
 * ArrayList} without methods of its own answers as {@code ArrayList}. Each case reports the exception and the hash of
 * the bytes the stream let through before it (an unchecked exception: no exception object, whose stack trace names the
 * agent's frames, is written into the stream), or the stream's hash and the graph read back. The orders of sets and
 * maps are the same in every run (no identity hash decides them).
 */
final class ConcurrentChanges {

    private ConcurrentChanges() {
    }

    /** A subclass of {@code ArrayList} with no serialization method of its own. */
    static final class PlainListSubclass extends ArrayList<Object> {
        private static final long serialVersionUID = 1L;
    }

    /** An element whose {@code writeObject} first changes {@link #target}. */
    static final class Meddler implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String name;
        private transient Consumer<Meddler> change;

        Meddler(final String name) {
            this.name = name;
        }

        private void writeObject(final ObjectOutputStream out) throws IOException {
            Consumer<Meddler> c = change;
            change = null; // once: a change that adds this element again must not recurse
            if (c != null) {
                c.accept(this);
            }
            out.defaultWriteObject();
        }

        @Override
        public String toString() {
            return "Meddler " + name;
        }

        /** By name: a hash set's order is the same in every run (an identity hash's is not). */
        @Override
        public int hashCode() {
            return name.hashCode();
        }

        @Override
        public boolean equals(final Object o) {
            return o instanceof Meddler other && other.name.equals(name);
        }
    }

    /** Orders by text, serializable (a sorted collection's comparator is written with it). */
    static final class ByText implements Comparator<Object>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public int compare(final Object a, final Object b) {
            return a.toString().compareTo(b.toString());
        }
    }

    static void run(final Report r) {
        collection(r, "array-list", ArrayList::new);
        collection(r, "array-list-subclass", PlainListSubclass::new);
        collection(r, "vector", Vector::new);
        collection(r, "linked-list", LinkedList::new);
        collection(r, "array-deque", ArrayDeque::new);
        collection(r, "hash-set", HashSet::new);
        collection(r, "tree-set", () -> new TreeSet<>(new ByText()));
        collection(r, "priority-queue", () -> new PriorityQueue<>(11, new ByText()));
        map(r, "hash-map", HashMap::new);
        map(r, "linked-hash-map", LinkedHashMap::new);
        map(r, "tree-map", () -> new TreeMap<>(new ByText()));
    }

    /** A collection of a few strings and a {@link Meddler}, which adds one more element, or removes the first. */
    private static void collection(final Report r, final String kind, final Supplier<Collection<Object>> make) {
        for (boolean add : new boolean[] {true, false}) {
            Collection<Object> c = make.get();
            c.add("a");
            c.add("b");
            Meddler m = new Meddler("m");
            m.change = self -> {
                if (add) {
                    c.add("z-added");
                } else {
                    c.remove("a");
                }
            };
            c.add(m);
            c.add("y");
            report(r, "changed-while-written/" + kind + (add ? "/added" : "/removed"), c);
        }
    }

    /** A map whose value is a {@link Meddler}, which puts one more key, or removes another. */
    private static void map(final Report r, final String kind, final Supplier<Map<Object, Object>> make) {
        for (boolean add : new boolean[] {true, false}) {
            Map<Object, Object> map = make.get();
            map.put("a", 1);
            Meddler m = new Meddler("m");
            m.change = self -> {
                if (add) {
                    map.put("z-added", 2);
                } else {
                    map.remove("a");
                }
            };
            map.put("m", m);
            map.put("y", 3);
            report(r, "changed-while-written/" + kind + (add ? "/added" : "/removed"), map);
        }
    }

    private static void report(final Report r, final String label, final Object subject) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(subject);
            out.writeObject(List.of("after"));
        } catch (Throwable e) {
            r.line(label, "write failed: " + Digests.exception(e) + " bytes-before sha256="
                    + Digests.sha256(bytes.toByteArray()) + " length=" + bytes.size());
            return;
        }
        r.line(label, "write sha256=" + Digests.sha256(bytes.toByteArray()) + " read/plain "
                + Readers.read(bytes.toByteArray(), 2, Style.OBJECTS, Readers.plain(), null));
    }
}
