package dev.serialboost.bench.model;

import java.io.Serializable;

/**
 * One link of a linked chain, as a linked list, a parent chain or an event history is made: a deep graph that the
 * JDK writes and reads recursively, one stack level a node.
 */
public class ChainNode implements Serializable {
    private static final long serialVersionUID = 1L;

    private int position;
    private String label;
    private ChainNode next;

    /** Kryo and Fory instantiate through it; plain JDK reading does not run it. */
    public ChainNode() {
    }

    public ChainNode(final int position, final String label, final ChainNode next) {
        this.position = position;
        this.label = label;
        this.next = next;
    }

    public int position() {
        return position;
    }

    public String label() {
        return label;
    }

    public ChainNode next() {
        return next;
    }
}
