package dev.serialboost.it.engine.model;

import java.io.Serializable;

/** One object field, for a missing class met inside a field. */
public class Holder implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Object value;

    public Holder(final Object value) {
        this.value = value;
    }
}
