package dev.serialboost.corpus.ctor;

import java.io.Serializable;

/** Serializable, with a no-arg constructor that counts: CONSTRUCTOR_RUNS_CODE. */
public class SuperWithCtorCode implements Serializable {
    private static final long serialVersionUID = 38L;

    public static int constructed;

    protected int base;

    public SuperWithCtorCode() {
        constructed++;
    }
}
