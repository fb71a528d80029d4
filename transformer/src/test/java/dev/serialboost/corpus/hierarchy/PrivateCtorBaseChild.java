package dev.serialboost.corpus.hierarchy;

import java.io.Serializable;

public class PrivateCtorBaseChild extends PrivateCtorBase implements Serializable {
    private static final long serialVersionUID = 25L;

    private String value;

    public PrivateCtorBaseChild(final String value) {
        super(9);
        this.value = value;
    }
}
