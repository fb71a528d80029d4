package dev.serialboost.it.config.sub;

import java.io.Serializable;

/** Excluded by a package-wide rule. */
public class Excluded implements Serializable {
    private static final long serialVersionUID = 5L;

    String tag;

    public Excluded(final String tag) {
        this.tag = tag;
    }
}
