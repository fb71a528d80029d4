package dev.serialboost.it.config;

import java.io.Serializable;

/**
 * Its no-arg constructor has code plain JDK deserialization never runs, so the agent skips it unless a rule
 * says {@code run-constructor}; then the constructor runs on every read (the documented deviation).
 */
public class RunsCtor implements Serializable {
    private static final long serialVersionUID = 3L;

    String name;
    transient String note;

    public RunsCtor() {
        note = "set by the no-arg constructor";
    }

    public RunsCtor(final String name) {
        this.name = name;
    }
}
