package dev.serialboost.corpus.statics;

import java.io.Serializable;

/** A public, negative serialVersionUID. */
public final class NonPrivateUid implements Serializable {
    public static final long serialVersionUID = -8_000_000_000_000_000_000L;

    final char c;

    NonPrivateUid(final char c) {
        this.c = c;
    }
}
