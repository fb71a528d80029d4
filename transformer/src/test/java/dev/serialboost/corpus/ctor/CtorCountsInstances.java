package dev.serialboost.corpus.ctor;

import java.io.Serializable;

/** Its public no-arg constructor increments a static counter: CONSTRUCTOR_RUNS_CODE. */
public class CtorCountsInstances implements Serializable {
    private static final long serialVersionUID = 36L;

    public static int instances;

    int value;

    public CtorCountsInstances() {
        instances++;
    }
}
