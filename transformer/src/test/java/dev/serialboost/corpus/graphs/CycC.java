package dev.serialboost.corpus.graphs;

import java.io.Serializable;

public class CycC implements Serializable {
    private static final long serialVersionUID = 142L;
    CycA a;
    Object back;

    CycC(final CycA a) {
        this.a = a;
    }
}
