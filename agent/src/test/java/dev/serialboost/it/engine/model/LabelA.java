package dev.serialboost.it.engine.model;

import java.io.Serializable;

/** Written as {@link LabelB}: {@code label} changes from {@code Integer} to {@code String}. */
public class LabelA implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Integer label;

    public LabelA(final Integer label) {
        this.label = label;
    }
}
