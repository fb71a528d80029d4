package dev.serialboost.runtime.engine;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Counts that each thread keeps with plain adds in its own tally (no atomic operation per count: an uncontended
 * {@code LongAdder} or compare-and-set costs as much as a small object's whole read on some machines), summed on
 * demand. The tallies of threads that ended are folded into one, when the list of tallies doubles and at every sum,
 * so thread pools and virtual threads do not grow it without bound; exact, as a thread's end happens-before {@code
 * isAlive()} returning false. A sum may see a live thread's latest adds a little late, never torn ({@link Chunked}).
 *
 * <p>A thread finds its tally in a small table of slots by its id, checked against the slot's owner, before the
 * {@code ThreadLocal} (which costs a hash probe and a call per count: about a tenth of a small object's write, with
 * several counts per object); a thread whose slot another live thread holds uses the {@code ThreadLocal}.
 *
 * @param <T> the tally
 */
final class ThreadTallies<T extends ThreadTallies.Tally<T>> {

    /**
     * One thread's counts: its owner, weakly (a reference to null for the tally of threads that ended), and how it
     * adds another's.
     */
    abstract static class Tally<T> {
        final WeakReference<Thread> owner;

        Tally(final Thread owner) {
            this.owner = new WeakReference<>(owner);
        }

        /** Adds {@code other}'s counts to this tally's. */
        abstract void addAll(T other);
    }

    /**
     * Counts in chunks of 64 classes (or stream classes) made as the thread first counts one of them, so that a thread
     * holds room for what it counted, not for every class of the JVM.
     */
    static final class Chunked {
        private static final int SHIFT = 6;
        private final int width;
        /** Replaced, never changed in place, when it grows: a reader of another thread sees a whole array. */
        private volatile long[][] chunks = new long[1][];

        Chunked(final int width) {
            this.width = width;
        }

        void add(final int index, final int field, final long n) {
            counts(index)[at(index, field)] += n;
        }

        /**
         * The array that holds the counts of {@code index} (at {@link #at}), made if needed: the same array for as
         * long as this tally lives, so a thread may keep it to count there again without finding it.
         */
        long[] counts(final int index) {
            long[][] c = chunks;
            int chunk = index >>> SHIFT;
            long[] counts;
            if (chunk >= c.length || (counts = c[chunk]) == null) {
                counts = grow(chunk);
            }
            return counts;
        }

        /** Where {@code field} of {@code index} is in its {@link #counts} array. */
        int at(final int index, final int field) {
            return (index & ((1 << SHIFT) - 1)) * width + field;
        }

        private long[] grow(final int chunk) {
            long[][] c = chunks;
            long[][] next = java.util.Arrays.copyOf(c, Math.max(c.length, chunk + 1));
            long[] counts = new long[(1 << SHIFT) * width];
            next[chunk] = counts;
            chunks = next;
            return counts;
        }

        long get(final int index, final int field) {
            long[][] c = chunks;
            int chunk = index >>> SHIFT;
            long[] counts = chunk < c.length ? c[chunk] : null;
            return counts == null ? 0 : counts[at(index, field)];
        }

        void addAll(final Chunked other) {
            long[][] c = other.chunks;
            for (int chunk = 0; chunk < c.length; chunk++) {
                if (c[chunk] != null) {
                    for (int i = 0; i < c[chunk].length; i++) {
                        add((chunk << SHIFT) + i / width, i % width, c[chunk][i]);
                    }
                }
            }
        }
    }

    /**
     * Where a thread counts a class it counted lately: the class's name, and the array of a {@link Chunked} that holds
     * its counts and its place there, so that counting it again is a compare and an add, with no look-up and no bounds
     * of the {@link Chunked} to check (its arrays stay where they are while the tally lives). Kept by name, which
     * keeps no class: the JVM gives classes of one name under several loaders the same name {@code String}, so such
     * classes count in one place, which is right for counts kept by name.
     */
    static class Slot {
        private String name;
        private long[] counts;
        private int at;

        /** Whether this slot counts the class named {@code className}. */
        final boolean counts(final String className) {
            return name == className;
        }

        /** This slot counts the class named {@code className} from now on, at {@code index} of {@code chunked}. */
        final void take(final String className, final Chunked chunked, final int index) {
            counts = chunked.counts(index);
            at = chunked.at(index, 0);
            name = className;
        }

        /** Adds {@code n} to {@code field} of the class this slot counts. */
        final void add(final int field, final long n) {
            counts[at + field] += n;
        }
    }

    /** The {@link Slot}s of the classes a thread counted lately, each in the slot of its name's hash. */
    static final class Recent {
        private final Slot[] slots;
        private final Chunked chunked;
        private final ToIntFunction<Class<?>> index;

        /** With {@code slots} slots (a power of two), counting in {@code chunked} at the index {@code index} gives. */
        Recent(final int slots, final Chunked chunked, final ToIntFunction<Class<?>> index) {
            this.slots = new Slot[slots];
            for (int i = 0; i < slots; i++) {
                this.slots[i] = new Slot();
            }
            this.chunked = chunked;
            this.index = index;
        }

        /** The slot that counts {@code type} now. */
        Slot slot(final Class<?> type) {
            String name = type.getName();
            Slot slot = slots[name.hashCode() & (slots.length - 1)];
            if (!slot.counts(name)) {
                slot.take(name, chunked, index.applyAsInt(type));
            }
            return slot;
        }
    }

    /** The one {@link Slot} of the class a thread counted last (of a kind it counts mostly one class of). */
    static final class Last extends Slot {
        private final Chunked chunked;
        private final ToIntFunction<Class<?>> index;

        /** Counting in {@code chunked} at the index {@code index} gives a class. */
        Last(final Chunked chunked, final ToIntFunction<Class<?>> index) {
            this.chunked = chunked;
            this.index = index;
        }

        /** This slot, counting {@code type} now. */
        Slot slot(final Class<?> type) {
            String name = type.getName();
            if (!counts(name)) {
                take(name, chunked, index.applyAsInt(type));
            }
            return this;
        }
    }

    private final Function<Thread, T> make;
    /** The tallies of the threads that counted, and are alive or were at the last fold; guarded by itself. */
    private final List<T> live = new ArrayList<>();
    /** The counts of the threads that ended; guarded by {@link #live}. */
    private final T ended;
    /** When {@link #live} has this many, the tallies of threads that ended are folded into {@link #ended}. */
    private int foldAt = 64;
    private final ThreadLocal<T> local;
    /** Slots by thread id: a thread's own tally, or another's (then the thread uses {@link #local}), or null. */
    private final Tally<?>[] slots = new Tally<?>[SLOTS];
    private static final int SLOTS = 256;

    /** With {@code make} giving a thread's tally (its owner; null for the tally of threads that ended). */
    ThreadTallies(final Function<Thread, T> make) {
        this.make = make;
        this.ended = make.apply(null);
        this.local = ThreadLocal.withInitial(this::register);
    }

    /** The current thread's tally. */
    @SuppressWarnings("unchecked")
    T get() {
        Thread current = Thread.currentThread();
        Tally<?> t = slots[(int) current.getId() & (SLOTS - 1)];
        if (t != null && t.owner.get() == current) {
            return (T) t;
        }
        return slow(current);
    }

    /**
     * The current thread's tally from {@link #local}, and its slot taken when free or held by a thread that ended (a
     * plain store: two threads taking one slot at once leave one of them to the {@code ThreadLocal}, which is exact).
     */
    private T slow(final Thread current) {
        T tally = local.get();
        int slot = (int) current.getId() & (SLOTS - 1);
        Tally<?> held = slots[slot];
        Thread holder = held == null ? null : held.owner.get();
        if (holder == null || !holder.isAlive()) {
            slots[slot] = tally;
        }
        return tally;
    }

    /** A new tally (of no thread) with the counts of every thread so far. */
    T sum() {
        T sum = make.apply(null);
        synchronized (live) {
            foldEnded();
            sum.addAll(ended);
            for (T t : live) {
                sum.addAll(t);
            }
        }
        return sum;
    }

    private T register() {
        T tally = make.apply(Thread.currentThread());
        synchronized (live) {
            if (live.size() >= foldAt) {
                foldEnded();
                foldAt = Math.max(64, 2 * live.size());
            }
            live.add(tally);
        }
        return tally;
    }

    /** Folds the tallies of the threads that ended into {@link #ended}; called holding {@link #live}. */
    private void foldEnded() {
        for (Iterator<T> it = live.iterator(); it.hasNext(); ) {
            T t = it.next();
            Thread thread = t.owner.get();
            if (thread == null || !thread.isAlive()) {
                ended.addAll(t);
                it.remove();
            }
        }
    }
}
