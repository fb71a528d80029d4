package dev.serialboost.corpus.ctor;

import java.io.Serializable;

/** Transient fields assigned by the only (argument-taking) constructor. */
public class TransientCtorAssigned implements Serializable {
    private static final long serialVersionUID = 32L;

    private final int id;
    private transient String label;
    private transient long stamp;
    private transient final double ratio;
    private transient Object lazy;

    public TransientCtorAssigned(final int id, final String label) {
        this.id = id;
        this.label = label;
        this.stamp = id * 1000L;
        this.ratio = id / 7.0;
        this.lazy = this;
    }
}
