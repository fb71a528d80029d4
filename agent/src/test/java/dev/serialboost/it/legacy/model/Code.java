package dev.serialboost.it.legacy.model;

import java.io.Serializable;

/** readResolve: what the reader gets is the object readResolve returns, marked so the dump shows it. */
public class Code implements Serializable {
    private static final long serialVersionUID = 9L;

    private final String name;
    private final String via;

    public Code(final String name) {
        this(name, "constructor");
    }

    private Code(final String name, final String via) {
        this.name = name;
        this.via = via;
    }

    private Object readResolve() {
        return new Code(name, "readResolve of " + via);
    }
}
