package dev.serialboost.it.config;

import java.io.Serializable;

/** Matched by no rule but the last include: converted. */
public class Converted implements Serializable {
    private static final long serialVersionUID = 2L;

    long id;
    String name;
    transient int cache;

    public Converted(final long id, final String name) {
        this.id = id;
        this.name = name;
        this.cache = 99;
    }
}
