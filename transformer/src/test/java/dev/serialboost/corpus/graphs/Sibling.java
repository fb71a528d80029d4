package dev.serialboost.corpus.graphs;

import java.io.Serializable;

public class Sibling implements Serializable {
    private static final long serialVersionUID = 146L;

    final String name;
    Payload shared;
    Payload own;
    Sibling other;

    Sibling(final String name) {
        this.name = name;
    }
}
