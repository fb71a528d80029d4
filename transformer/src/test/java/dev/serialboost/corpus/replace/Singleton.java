package dev.serialboost.corpus.replace;

import java.io.Serializable;

/** A serializable singleton: readResolve restores identity with this loader's instance. */
public final class Singleton implements Serializable {
    private static final long serialVersionUID = 80L;

    public static final Singleton INSTANCE = new Singleton("the-one");
    public static int resolved;

    private final String name;

    private Singleton(final String name) {
        this.name = name;
    }

    private Object readResolve() {
        resolved++;
        return INSTANCE;
    }

    public String name() {
        return name;
    }
}
