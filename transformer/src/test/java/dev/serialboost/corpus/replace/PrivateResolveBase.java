package dev.serialboost.corpus.replace;

import java.io.Serializable;

/** A PRIVATE readResolve applies to this class only, not to subclasses. */
public class PrivateResolveBase implements Serializable {
    private static final long serialVersionUID = 88L;

    public static final PrivateResolveBase MARKER = new PrivateResolveBase(-1);

    protected final int id;

    public PrivateResolveBase(final int id) {
        this.id = id;
    }

    private Object readResolve() {
        return MARKER;
    }
}
