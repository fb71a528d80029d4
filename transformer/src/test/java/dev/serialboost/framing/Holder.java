package dev.serialboost.framing;

import java.io.Serializable;

/** Primitives and references, under a converted superclass: data in two levels, references between primitives. */
public class Holder extends Tick {
    private static final long serialVersionUID = 1L;

    Object item;
    String name;
    short code;

    public Holder(final Object item, final String name) {
        super(7L, 0.5, 3);
        this.item = item;
        this.name = name;
        this.code = 42;
    }
}
