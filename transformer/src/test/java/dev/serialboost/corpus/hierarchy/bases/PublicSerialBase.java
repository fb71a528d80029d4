package dev.serialboost.corpus.hierarchy.bases;

import java.io.Serializable;

/**
 * A serializable superclass whose subclass lives in another package: package-private fields, and a trivial
 * PACKAGE-PRIVATE no-arg constructor the subclass could not call.
 */
public class PublicSerialBase implements Serializable {
    private static final long serialVersionUID = 29L;

    int packageValue;
    String packageName;
    protected long protectedValue;

    PublicSerialBase() {
    }

    protected PublicSerialBase(final int packageValue, final String packageName) {
        this.packageValue = packageValue;
        this.packageName = packageName;
        this.protectedValue = packageValue * 2L;
    }

    public int packageValue() {
        return packageValue;
    }
}
