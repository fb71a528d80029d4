package dev.serialboost.safety;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Classes for the filter, fuzz and concurrency tests. Every test loads them child-first (plainly and
 * transformed), so each test class loader has its own copy of every class here, {@link Counters} included.
 * Under the transformation all the serializable ones are converted: {@link Holder} and {@link Node} field
 * by field, {@link Tick} as one bulk record, {@link Frozen} through the runtime's final-field setters,
 * {@link SubHolder} after its converted superclass, {@link WideHolder} in chunks.
 */
public final class SafetyFixtures {

    private SafetyFixtures() {
    }

    /** Side effects the tests count: which constructors and static initializers ran in this loader. */
    public static final class Counters {
        /** Runs of {@link ForbiddenBase}'s no-arg constructor: one per {@link Forbidden} instantiated. */
        public static int forbiddenBaseConstructed;
        /** Runs of {@link Forbidden}'s static initializer. */
        public static int forbiddenInitialized;

        private Counters() {
        }
    }

    /** Not serializable: the JDK (and serialboost's constructor) runs its no-arg constructor per instance. */
    public static class ForbiddenBase {
        public ForbiddenBase() {
            Counters.forbiddenBaseConstructed++;
        }
    }

    /** The class the filters reject. Instantiating it or initializing it leaves a mark in {@link Counters}. */
    public static class Forbidden extends ForbiddenBase implements Serializable {
        private static final long serialVersionUID = 1L;

        static {
            Counters.forbiddenInitialized++;
        }

        String secret;

        public Forbidden(final String secret) {
            this.secret = secret;
        }
    }

    /** A converted class with one reference field: whatever the filter rejects is reached through it. */
    public static class Holder implements Serializable {
        private static final long serialVersionUID = 2L;

        int id;
        Object payload;

        public Holder(final int id, final Object payload) {
            this.id = id;
            this.payload = payload;
        }
    }

    /** A converted subclass of a converted class: its own reference field is read by the next level down. */
    public static class SubHolder extends Holder {
        private static final long serialVersionUID = 3L;

        Object extra;

        public SubHolder(final int id, final Object payload, final Object extra) {
            super(id, payload);
            this.extra = extra;
        }
    }

    /** A singly linked list through converted objects: depth grows by one per node. */
    public static class Node implements Serializable {
        private static final long serialVersionUID = 4L;

        int value;
        String label;
        Node next;

        public Node(final int value, final String label, final Node next) {
            this.value = value;
            this.label = label;
            this.next = next;
        }

        /** {@code n} nodes, each with its own label string. */
        public static Node list(final int n) {
            Node head = null;
            for (int i = n - 1; i >= 0; i--) {
                head = new Node(i, "node-" + i, head);
            }
            return head;
        }
    }

    /** All primitive: one bulk record. */
    public static class Tick implements Serializable {
        private static final long serialVersionUID = 5L;

        long time;
        double price;
        int size;
        boolean buy;

        public Tick(final long time, final double price, final int size, final boolean buy) {
            this.time = time;
            this.price = price;
            this.size = size;
            this.buy = buy;
        }
    }

    /** Final fields, restored through the runtime's {@code FinalField} (a dynamic constant per field). */
    public static class Frozen implements Serializable {
        private static final long serialVersionUID = 6L;

        final long id;
        final Object payload;
        final int[] numbers;

        public Frozen(final long id, final Object payload, final int[] numbers) {
            this.id = id;
            this.payload = payload;
            this.numbers = numbers;
        }
    }

    /** More than 32 fields: the generated code reads its references into an array in chunk methods. */
    public static class WideHolder implements Serializable {
        private static final long serialVersionUID = 7L;

        int p00, p01, p02, p03, p04, p05, p06, p07;
        Object r00, r01, r02, r03, r04, r05, r06, r07, r08, r09;
        Object r10, r11, r12, r13, r14, r15, r16, r17, r18, r19;
        Object r20, r21, r22, r23, r24, r25, r26, r27, r28, r29;
        Object r30, r31, r32, r33, r34, r35, r36, r37, r38, r39;

        /** Every field set; {@code r37} holds {@code payload}. */
        public WideHolder(final int seed, final Object payload) {
            p00 = seed;
            p07 = -seed;
            r00 = "first-" + seed;
            r20 = Integer.valueOf(seed);
            r37 = payload;
            r39 = "last-" + seed;
        }
    }

    /**
     * A graph that reaches one {@link Forbidden} through a converted class.
     *
     * @param where {@code Holder}, {@code SubHolder} (the subclass's own field), {@code Frozen} (a final
     *              field), {@code WideHolder} (a chunked wide level), {@code array} (an {@code Object[]} in a
     *              field) or {@code list} (an {@code ArrayList} in a field)
     */
    public static Object withForbidden(final String where) {
        Forbidden forbidden = new Forbidden("secret");
        return switch (where) {
            case "Holder" -> new Holder(1, forbidden);
            case "SubHolder" -> new SubHolder(1, "allowed", forbidden);
            case "Frozen" -> new Frozen(1, forbidden, new int[] {1});
            case "WideHolder" -> new WideHolder(1, forbidden);
            case "array" -> new Holder(1, new Object[] {"allowed", forbidden});
            case "list" -> new Holder(1, new ArrayList<>(List.of("allowed", forbidden)));
            default -> throw new IllegalArgumentException(where);
        };
    }

    /**
     * A graph with one array of {@code length} elements in a converted class's field.
     *
     * @param where {@code ints} (an {@code int[]} in a Holder), {@code objects} (an {@code Object[]}), {@code final}
     *              (an {@code int[]} in a final field), {@code wide} (a {@code long[]} in a wide level) or
     *              {@code list} (an {@code ArrayList}, which checks its backing array with the filter)
     */
    public static Object withArray(final String where, final int length) {
        return switch (where) {
            case "ints" -> new Holder(1, new int[length]);
            case "objects" -> new Holder(1, new Object[length]);
            case "final" -> new Frozen(1, "allowed", new int[length]);
            case "wide" -> new WideHolder(1, new long[length]);
            case "list" -> {
                List<Object> list = new ArrayList<>();
                for (int i = 0; i < length; i++) {
                    list.add(null);
                }
                yield new Holder(1, list);
            }
            default -> throw new IllegalArgumentException(where);
        };
    }

    /** {@code n} Holders, each with its own String, in an {@code Object[]} held by a Holder. */
    public static Object manyHolders(final int n) {
        Object[] all = new Object[n];
        for (int i = 0; i < n; i++) {
            all[i] = new Holder(i, "holder-" + i);
        }
        return new Holder(-1, all);
    }

    /** Graphs the fuzz and concurrency tests use besides the corpus: every class above in one list. */
    public static List<Object> sampleGraph(final int seed) {
        List<Object> all = new ArrayList<>();
        all.add(new Holder(seed, "payload-" + seed));
        all.add(new SubHolder(seed + 1, new int[] {1, 2, 3}, all.get(0)));
        all.add(Node.list(5));
        all.add(new Tick(1_700_000_000_000L + seed, 101.25, 300, true));
        all.add(new Frozen(seed, "frozen", new int[] {seed, seed + 1}));
        all.add(new WideHolder(seed, new long[] {7L, 8L}));
        return all;
    }
}
