package dev.serialboost.corpus.legacy;

import java.io.Serializable;

/** Mutable fields, implicit constructor. */
public class LegacyPoint implements Serializable {
    private static final long serialVersionUID = 150L;

    int x;
    double y;
    String label;
    LegacyPoint next;
    transient int cache;
}
