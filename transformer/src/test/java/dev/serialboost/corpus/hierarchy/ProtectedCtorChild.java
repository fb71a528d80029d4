package dev.serialboost.corpus.hierarchy;

import dev.serialboost.corpus.hierarchy.bases.ProtectedCtorBase;

import java.io.Serializable;

public class ProtectedCtorChild extends ProtectedCtorBase implements Serializable {
    private static final long serialVersionUID = 21L;

    private double value;

    public ProtectedCtorChild(final double value) {
        super(5);
        this.value = value;
    }
}
