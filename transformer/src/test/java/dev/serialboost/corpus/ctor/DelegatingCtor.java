package dev.serialboost.corpus.ctor;

import java.io.Serializable;

/** The no-arg constructor delegates with this(...) to a constructor that counts: CONSTRUCTOR_RUNS_CODE. */
public class DelegatingCtor implements Serializable {
    private static final long serialVersionUID = 42L;

    public static int made;

    int x;

    public DelegatingCtor() {
        this(5);
    }

    DelegatingCtor(final int x) {
        this.x = x;
        made++;
    }
}
