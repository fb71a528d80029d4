package dev.serialboost.corpus.hierarchy;

import dev.serialboost.corpus.hierarchy.bases.PackageCtorBaseElsewhere;

import java.io.Serializable;

/** The JDK cannot deserialize this: the base's no-arg constructor is package-private in another package. */
public class PackageCtorElsewhereChild extends PackageCtorBaseElsewhere implements Serializable {
    private static final long serialVersionUID = 23L;

    private int value;

    public PackageCtorElsewhereChild(final int value) {
        super(value);
        this.value = value;
    }
}
