package dev.serialboost.corpus.ctor;

import java.io.Serializable;

/**
 * The no-arg constructor calls the non-serializable base's ARGUMENT constructor, while plain JDK reading
 * runs the base's no-arg constructor: running it on read would be wrong (CONSTRUCTOR_RUNS_CODE).
 */
public class SuperArgsCtor extends ArgsBase implements Serializable {
    private static final long serialVersionUID = 43L;

    int own;

    public SuperArgsCtor() {
        super("from-no-arg-ctor", 1);
    }
}
