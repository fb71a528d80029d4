package dev.serialboost.corpus.hierarchy;

/** Not serializable; its no-arg constructor is private, so it is not valid for a subclass. */
public class PrivateCtorBase {
    protected int marker;

    private PrivateCtorBase() {
        marker = 1;
    }

    protected PrivateCtorBase(final int marker) {
        this.marker = marker;
    }
}
