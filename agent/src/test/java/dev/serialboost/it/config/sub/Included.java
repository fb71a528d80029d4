package dev.serialboost.it.config.sub;

import java.io.Serializable;

/** Included by a rule that comes before a matching exclude rule. */
public class Included implements Serializable {
    private static final long serialVersionUID = 4L;

    double value;

    public Included(final double value) {
        this.value = value;
    }
}
