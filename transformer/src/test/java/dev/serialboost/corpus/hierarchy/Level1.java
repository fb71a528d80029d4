package dev.serialboost.corpus.hierarchy;

import java.io.Serializable;

/** Top of a five-level serializable hierarchy; every level has a private {@code a}, some a private {@code name}. */
public class Level1 implements Serializable {
    private static final long serialVersionUID = 11L;

    private int a;
    private String name;
    protected long shared;

    protected Level1(final int a, final String name) {
        this.a = a;
        this.name = name;
        this.shared = a * 10L;
    }

    public int level1A() {
        return a;
    }
}
