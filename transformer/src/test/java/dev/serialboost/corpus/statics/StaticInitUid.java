package dev.serialboost.corpus.statics;

import java.io.Serializable;

/** serialVersionUID assigned by the static initializer (not a compile-time constant). */
public class StaticInitUid implements Serializable {
    private static final long serialVersionUID = Long.parseLong("4242424242");

    int value;

    public StaticInitUid(final int value) {
        this.value = value;
    }
}
