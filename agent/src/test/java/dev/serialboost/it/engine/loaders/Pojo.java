package dev.serialboost.it.engine.loaders;

import java.io.Serializable;

/** A plain serializable class, defined by every test loader. */
public class Pojo implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int n;
    private final String s;
    private final Object next;

    public Pojo(final int n, final String s, final Object next) {
        this.n = n;
        this.s = s;
        this.next = next;
    }

    public Object next() {
        return next;
    }
}
