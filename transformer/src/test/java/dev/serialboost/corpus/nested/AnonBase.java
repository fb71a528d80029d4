package dev.serialboost.corpus.nested;

import java.io.Serializable;

/** Abstract serializable base for anonymous and local subclasses. */
public abstract class AnonBase implements Serializable {
    private static final long serialVersionUID = 63L;

    protected int seed;

    protected AnonBase(final int seed) {
        this.seed = seed;
    }

    public abstract int compute();
}
