package dev.serialboost.it.engine.model;

import java.io.Serializable;

/** The reader's version of {@link LabelA}. */
public class LabelB implements Serializable {
    private static final long serialVersionUID = 1L;

    private String label;
}
