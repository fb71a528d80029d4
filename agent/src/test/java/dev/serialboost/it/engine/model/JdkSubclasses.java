package dev.serialboost.it.engine.model;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;

/**
 * Application subclasses of the JDK classes business graphs are made of, each with behaviour of its own that the
 * JDK's serialization keeps: fields of the subclass's level, its own {@code writeObject}/{@code readObject} around
 * the default part (which, on reading, notes in a transient field what the JDK class's level gave it, so that the
 * graph read shows it), overridden methods the JDK class's {@code readObject} must not call ({@code put}, {@code
 * removeEldestEntry}, counted), {@code writeReplace} and {@code readResolve}. The engine calls the JDK classes'
 * {@code writeObject}/{@code readObject} directly; a subclass must still get exactly what the JDK's calls give it.
 */
public final class JdkSubclasses {

    private JdkSubclasses() {
    }

    /** An {@code ArrayList} with a tag, and a count of its elements written after its default part. */
    public static class TaggedList extends ArrayList<Object> {
        private static final long serialVersionUID = 1L;

        private final String tag;
        private transient String seenOnRead;

        public TaggedList(final String tag, final Collection<?> items) {
            super(items);
            this.tag = tag;
        }

        private void writeObject(final ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(size());
        }

        private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            int written = in.readInt();
            seenOnRead = tag + ": size " + size() + ", written " + written + ", first " + (isEmpty() ? null : get(0));
        }
    }

    /**
     * A {@code HashMap} that counts the calls of its {@code put}: {@code HashMap.readObject} enters its mappings
     * without calling it, so a map read counts none.
     */
    public static class CountingMap extends HashMap<String, Object> {
        private static final long serialVersionUID = 1L;

        private transient int puts;

        @Override
        public Object put(final String key, final Object value) {
            puts++;
            return super.put(key, value);
        }
    }

    /** A {@code LinkedHashMap} in access order with an eviction rule of its own, which counts its calls. */
    public static class Lru extends LinkedHashMap<String, Integer> {
        private static final long serialVersionUID = 1L;

        private final int max;
        private transient int asked;

        public Lru(final int max) {
            super(16, 0.75f, true);
            this.max = max;
        }

        @Override
        protected boolean removeEldestEntry(final Map.Entry<String, Integer> eldest) {
            asked++;
            return size() > max;
        }
    }

    /** A {@code BigDecimal} with a currency, noting on reading the value its {@code BigDecimal} level was given. */
    public static class Money extends BigDecimal {
        private static final long serialVersionUID = 1L;

        private final String currency;
        private transient String seenOnRead;

        public Money(final String value, final String currency) {
            super(value);
            this.currency = currency;
        }

        private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            seenOnRead = unscaledValue() + "e-" + scale() + " " + currency;
        }
    }

    /**
     * A {@code BigInteger} with a label; a {@code BigDecimal} made from one writes it as its unscaled value, and
     * reads back a plain {@code BigInteger} in its place.
     */
    public static class Id extends BigInteger {
        private static final long serialVersionUID = 1L;

        private final String label;
        private transient String seenOnRead;

        public Id(final String hex, final String label) {
            super(hex, 16);
            this.label = label;
        }

        private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            seenOnRead = label + " " + toString(16) + ", " + bitLength() + " bits";
        }
    }

    /** A {@code Date} with nanoseconds of its own, as {@code java.sql.Timestamp} has. */
    public static class Stamp extends Date {
        private static final long serialVersionUID = 1L;

        private final int nanos;
        private transient String seenOnRead;

        public Stamp(final long millis, final int nanos) {
            super(millis);
            this.nanos = nanos;
        }

        private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            seenOnRead = getTime() + " ms + " + nanos + " ns";
        }
    }

    /** An {@code ArrayList} written as a plain copy of itself ({@code writeReplace}). */
    public static class Snapshotting extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        public Snapshotting(final Collection<String> items) {
            super(items);
        }

        private Object writeReplace() {
            return new ArrayList<>(this);
        }
    }

    /** A {@code HashSet} read back as an unmodifiable view of itself ({@code readResolve}). */
    public static class Frozen extends HashSet<String> {
        private static final long serialVersionUID = 1L;

        public Frozen(final Collection<String> items) {
            super(items);
        }

        private Object readResolve() {
            return Collections.unmodifiableSet(this);
        }
    }

    /** A {@code TreeMap} subclass ordered by a serializable comparator, with a field of its own. */
    public static class Ranked extends TreeMap<String, Integer> {
        private static final long serialVersionUID = 1L;

        private final String name;

        public Ranked(final String name) {
            super(new ByLength(false));
            this.name = name;
        }
    }

    /** A {@code PriorityQueue} subclass ordered by a serializable comparator. */
    public static class Backlog extends PriorityQueue<String> {
        private static final long serialVersionUID = 1L;

        public Backlog(final Collection<String> items) {
            super(new ByLength(true));
            addAll(items);
        }
    }

    /** A holder of a set, so that a resolved {@code Frozen} is seen where it is referred to, not only at the top. */
    public static class SetHolder implements Serializable {
        private static final long serialVersionUID = 1L;

        private final Set<String> set;
        private final Object again;

        public SetHolder(final Set<String> set) {
            this.set = set;
            this.again = set;
        }
    }
}
