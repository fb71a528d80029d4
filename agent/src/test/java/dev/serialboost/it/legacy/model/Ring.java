package dev.serialboost.it.legacy.model;

import java.io.Serializable;

/** A doubly linked ring: cycles through converted objects. */
public class Ring implements Serializable {
    private static final long serialVersionUID = 3L;

    String label;
    Ring next;
    Ring prev;
    Object owner;

    public Ring next() {
        return next;
    }

    /** A ring of {@code size} nodes; each node's owner is the first node, the first node owns itself. */
    public static Ring of(final int size) {
        Ring first = new Ring();
        first.label = "ring-0";
        Ring last = first;
        for (int i = 1; i < size; i++) {
            Ring r = new Ring();
            r.label = "ring-" + i;
            r.prev = last;
            last.next = r;
            last = r;
        }
        last.next = first;
        first.prev = last;
        Ring r = first;
        do {
            r.owner = first;
            r = r.next;
        } while (r != first);
        return first;
    }
}
