package dev.serialboost.corpus.hierarchy.bases;

/** Not serializable; its no-arg constructor is protected and sits in another package than its subclass. */
public class ProtectedCtorBase {
    protected int marker;
    protected String origin;

    protected ProtectedCtorBase() {
        marker = 17;
        origin = "protected-ctor";
    }

    protected ProtectedCtorBase(final int marker) {
        this.marker = marker;
        origin = "explicit";
    }
}
