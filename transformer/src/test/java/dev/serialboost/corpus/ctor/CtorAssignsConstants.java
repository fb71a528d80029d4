package dev.serialboost.corpus.ctor;

import java.io.Serializable;

/**
 * Its no-arg constructor only assigns constants to non-transient instance fields, which reading overwrites
 * anyway: converted.
 */
public class CtorAssignsConstants implements Serializable {
    private static final long serialVersionUID = 37L;

    int count;
    String name;
    double ratio;
    boolean flag;
    Object nothing;

    public CtorAssignsConstants() {
        count = 10;
        name = "default";
        ratio = 0.5;
        flag = true;
        nothing = null;
    }
}
