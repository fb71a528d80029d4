package dev.serialboost.corpus.graphs;

import java.io.Serializable;

public class CycB implements Serializable {
    private static final long serialVersionUID = 141L;
    long weight;
    CycC c;
}
