package dev.serialboost.corpus.ctor;

import java.io.Serializable;

/** Declares a trivial private no-arg constructor: converted. */
public final class TrivialPrivateCtor implements Serializable {
    private static final long serialVersionUID = 34L;

    private int count;
    private String text;

    private TrivialPrivateCtor() {
    }

    static TrivialPrivateCtor of(final int count, final String text) {
        TrivialPrivateCtor t = new TrivialPrivateCtor();
        t.count = count;
        t.text = text;
        return t;
    }
}
