package dev.serialboost.corpus.graphs;

import java.io.Serializable;

public class CycA implements Serializable {
    private static final long serialVersionUID = 140L;
    String name = "a";
    CycB b;
}
