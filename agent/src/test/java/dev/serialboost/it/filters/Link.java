package dev.serialboost.it.filters;

import java.io.Serializable;

/** A chain of links: a stream as deep as it is long. */
public class Link implements Serializable {
    private static final long serialVersionUID = 1L;

    int index;
    long[] payload;
    Link next;

    static Link chain(final int length) {
        Link head = null;
        for (int i = length; i > 0; i--) {
            Link l = new Link();
            l.index = i;
            l.payload = new long[i];
            l.next = head;
            head = l;
        }
        return head;
    }
}
