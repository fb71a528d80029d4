package dev.serialboost.corpus.graphs;

import java.io.Serializable;

public class Payload implements Serializable {
    private static final long serialVersionUID = 145L;

    final byte[] data;
    final String id;

    Payload(final String id, final int size) {
        this.id = id;
        this.data = new byte[size];
        for (int i = 0; i < size; i++) {
            data[i] = (byte) (i * 7);
        }
    }
}
