package dev.serialboost.it.engine.loaders;

import java.io.Serializable;

/** The object {@link Gate} reads after the helper returned: its class is first met back in the gate's code. */
public class Tail implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int n;

    public Tail(final int n) {
        this.n = n;
    }
}
