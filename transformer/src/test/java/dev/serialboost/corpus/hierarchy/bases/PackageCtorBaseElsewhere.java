package dev.serialboost.corpus.hierarchy.bases;

/**
 * Not serializable; its no-arg constructor is package-private in ANOTHER package than its serializable
 * subclass, so the JDK finds no valid constructor.
 */
public class PackageCtorBaseElsewhere {
    protected int marker;

    PackageCtorBaseElsewhere() {
        marker = 23;
    }

    protected PackageCtorBaseElsewhere(final int marker) {
        this.marker = marker;
    }
}
