package dev.serialboost.corpus.custom;

import java.io.Serializable;

/** Converted; has subclasses that cannot be converted. */
public class ConvertedParent implements Serializable {
    private static final long serialVersionUID = 103L;

    protected int parentValue;
    protected String parentName;

    public ConvertedParent(final int parentValue, final String parentName) {
        this.parentValue = parentValue;
        this.parentName = parentName;
    }

    public int parentValue() {
        return parentValue;
    }
}
