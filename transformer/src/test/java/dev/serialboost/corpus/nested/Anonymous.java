package dev.serialboost.corpus.nested;

/** Factories for an anonymous subclass (captures a local: synthetic final val$ field) and a local class. */
public final class Anonymous {

    private Anonymous() {
    }

    public static AnonBase anonymous(final int seed) {
        final int captured = seed * 3;
        final String capturedText = "captured-" + seed;
        return new AnonBase(seed) {
            private int extra = captured + 1;

            @Override
            public int compute() {
                return captured + extra + seed + capturedText.length();
            }
        };
    }

    public static AnonBase local(final int seed) {
        final long captured = seed * 5L;
        class Local extends AnonBase {
            private static final long serialVersionUID = 64L;

            private long w = captured;
            private Local next;

            Local(final int s, final Local next) {
                super(s);
                this.next = next;
            }

            @Override
            public int compute() {
                return (int) (captured + w + seed);
            }
        }
        return new Local(seed, new Local(seed + 1, null));
    }
}
