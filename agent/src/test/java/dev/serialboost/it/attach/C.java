package dev.serialboost.it.attach;

/**
 * Loaded after the agent is attached, but its serializable superclass {@link A} was loaded before and stayed
 * plain: C must not be converted (its superclass's fields would not be written), and must round-trip.
 */
public class C extends A {
    private static final long serialVersionUID = 23L;

    String extra;
    A sibling;

    C(final int number, final String text, final String extra, final A sibling) {
        super(number, text);
        this.extra = extra;
        this.sibling = sibling;
    }

    public static C sample() {
        A shared = A.sample();
        C c = new C(3, "subclass loaded after the agent", "extra", shared);
        return c;
    }
}
