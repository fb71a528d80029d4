package dev.serialboost.corpus.iface;

import java.io.Serializable;

/** An abstract serializable class. */
public abstract class AbstractShape implements Shape, Serializable {
    private static final long serialVersionUID = 133L;

    protected final String label;

    protected AbstractShape(final String label) {
        this.label = label;
    }
}
