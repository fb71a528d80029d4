package dev.serialboost.corpus.hierarchy;

import java.io.Serializable;

public class PackageCtorChild extends PackageCtorBase implements Serializable {
    private static final long serialVersionUID = 22L;

    private long id;
    private String label;

    public PackageCtorChild(final long id, final String label) {
        super("explicit");
        this.id = id;
        this.label = label;
    }
}
