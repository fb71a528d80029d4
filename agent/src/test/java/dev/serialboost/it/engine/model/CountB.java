package dev.serialboost.it.engine.model;

import java.io.Serializable;

/** The reader's version of {@link CountA}. */
public class CountB implements Serializable {
    private static final long serialVersionUID = 1L;

    private int count;
}
