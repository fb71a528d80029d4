package dev.serialboost.corpus.ctor;

import java.io.Serializable;

/** Serializable, with a trivial PRIVATE no-arg constructor, and a subclass in its own top-level class. */
public class PrivateCtorParent implements Serializable {
    private static final long serialVersionUID = 40L;

    private int parentValue;

    private PrivateCtorParent() {
    }

    protected PrivateCtorParent(final int parentValue) {
        this();
        this.parentValue = parentValue;
    }
}
