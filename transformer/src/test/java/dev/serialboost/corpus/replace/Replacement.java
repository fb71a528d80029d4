package dev.serialboost.corpus.replace;

import java.io.Serializable;

public class Replacement implements Serializable {
    private static final long serialVersionUID = 92L;

    final String from;
    final int value;

    Replacement(final String from, final int value) {
        this.from = from;
        this.value = value;
    }
}
