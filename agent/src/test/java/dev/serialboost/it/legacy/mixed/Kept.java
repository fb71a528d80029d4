package dev.serialboost.it.legacy.mixed;

import java.io.Serializable;

/** Excluded by LegacyMixedIT's configuration: stays plain {@code Serializable} on the wire. */
public class Kept implements Serializable {
    private static final long serialVersionUID = 2L;

    int n;
    Converted owner;
    Object[] others;
}
