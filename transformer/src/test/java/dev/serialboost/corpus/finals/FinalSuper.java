package dev.serialboost.corpus.finals;

import java.io.Serializable;

/** Final fields in a serializable superclass. */
public class FinalSuper implements Serializable {
    private static final long serialVersionUID = 51L;

    protected final long id;
    private final String name;
    private final double[] weights;

    protected FinalSuper(final long id, final String name) {
        this.id = id;
        this.name = name;
        this.weights = new double[] {id, id / 2.0};
    }

    public String name() {
        return name;
    }
}
