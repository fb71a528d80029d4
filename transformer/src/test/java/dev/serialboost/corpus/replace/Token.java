package dev.serialboost.corpus.replace;

import java.io.Serializable;

/** Converted superclass with a protected readResolve that subclasses inherit: canonicalizes by key. */
public class Token implements Serializable {
    private static final long serialVersionUID = 85L;

    protected final String key;

    public Token(final String key) {
        this.key = key;
    }

    protected Object readResolve() {
        return TokenRegistry.canonical(this);
    }

    public String key() {
        return key;
    }
}
