package dev.serialboost.it.engine.loaders;

import java.io.Serializable;

/** The object {@link Gate} reads through the other loader's {@link Helper}: its class is first met there. */
public class Part implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String name;

    public Part(final String name) {
        this.name = name;
    }
}
