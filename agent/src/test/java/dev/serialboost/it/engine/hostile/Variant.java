package dev.serialboost.it.engine.hostile;

import java.io.Serializable;

/** The one class the field-variant streams of {@code HostileStreams} name, each with other fields. */
public class Variant implements Serializable {
    private static final long serialVersionUID = 7L;

    private int value;

    @Override
    public String toString() {
        return "Variant(" + value + ")";
    }
}
