package dev.serialboost.corpus.hierarchy;

import dev.serialboost.corpus.hierarchy.bases.PublicSerialBase;

/** Converted subclass of a converted superclass in another package. */
public class CrossPackageChild extends PublicSerialBase {
    private static final long serialVersionUID = 30L;

    int packageValue; // same name as the superclass's package-private field
    private String childName;

    public CrossPackageChild(final int value, final String childName) {
        super(value, "base-" + childName);
        this.packageValue = -value;
        this.childName = childName;
    }
}
