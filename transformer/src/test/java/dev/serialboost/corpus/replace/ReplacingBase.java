package dev.serialboost.corpus.replace;

import java.io.Serializable;

/** A protected writeReplace inherited by a subclass: both are written as a {@link Replacement}. */
public class ReplacingBase implements Serializable {
    private static final long serialVersionUID = 90L;

    protected int value;

    public ReplacingBase(final int value) {
        this.value = value;
    }

    protected Object writeReplace() {
        return new Replacement(getClass().getSimpleName(), value);
    }
}
