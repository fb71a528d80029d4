package dev.serialboost.corpus.ctor;

import java.io.Serializable;

/**
 * Transient fields with initializers and only the implicit no-arg constructor: that constructor runs the
 * initializers, which plain JDK deserialization never does, so the class must be skipped
 * (CONSTRUCTOR_RUNS_CODE) rather than converted.
 */
public class TransientInitImplicit implements Serializable {
    private static final long serialVersionUID = 30L;

    transient int x = 5;
    transient String s = "initialized";
    int kept;
}
