package dev.serialboost.corpus.graphs;

import java.io.Serializable;

/** A doubly-linked list node. */
public class DNode implements Serializable {
    private static final long serialVersionUID = 143L;

    final int value;
    DNode prev;
    DNode next;

    DNode(final int value) {
        this.value = value;
    }
}
