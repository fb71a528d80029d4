package dev.serialboost.corpus.ctor;

import java.io.Serializable;

/** Declares a trivial public no-arg constructor: converted. */
public class TrivialPublicCtor implements Serializable {
    private static final long serialVersionUID = 33L;

    int count;
    String text;

    public TrivialPublicCtor() {
        super();
    }
}
