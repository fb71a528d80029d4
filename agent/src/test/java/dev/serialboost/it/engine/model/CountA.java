package dev.serialboost.it.engine.model;

import java.io.Serializable;

/** Written as {@link CountB}: {@code count} changes from {@code long} to {@code int}. */
public class CountA implements Serializable {
    private static final long serialVersionUID = 1L;

    private final long count;

    public CountA(final long count) {
        this.count = count;
    }
}
