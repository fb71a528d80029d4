package dev.serialboost.corpus.ctor;

public class PrivateCtorParentChild extends PrivateCtorParent {
    private static final long serialVersionUID = 41L;

    private String childValue;

    public PrivateCtorParentChild(final int parentValue, final String childValue) {
        super(parentValue);
        this.childValue = childValue;
    }
}
