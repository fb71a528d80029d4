package dev.serialboost.corpus.statics;

import java.io.Serializable;

/**
 * No serialVersionUID: the JDK computes it from the class name, modifiers, interfaces, non-private
 * fields and methods, constructors and the presence of a static initializer.
 */
public class ComputedUid implements Serializable, Comparable<ComputedUid> {
    static int initialized;

    static {
        initialized = 1;
    }

    protected int value;
    private transient long ignored;
    volatile String name;
    public final double ratio;

    public ComputedUid(final int value, final String name) {
        this.value = value;
        this.name = name;
        this.ratio = value / 3.0;
    }

    protected ComputedUid(final String name) {
        this(0, name);
    }

    @Override
    public int compareTo(final ComputedUid o) {
        return Integer.compare(value, o.value);
    }

    synchronized void touch() {
        ignored++;
    }

    private static void helper() {
    }

    public static int helper(final int x) {
        return x;
    }
}
