package dev.serialboost.it.engine.model;

import java.io.Serializable;

/** The reader's version of {@link WideHolder}: without {@code ghost}. */
public class SlimHolder implements Serializable {
    private static final long serialVersionUID = 1L;

    private int id;
    private Object value;
}
