package dev.serialboost.corpus.ctor;

import java.io.Serializable;

/** Its public no-arg constructor sets a transient field: CONSTRUCTOR_RUNS_CODE. */
public class CtorSetsTransient implements Serializable {
    private static final long serialVersionUID = 35L;

    transient String cache;
    int value;

    public CtorSetsTransient() {
        cache = "computed-in-ctor";
    }
}
