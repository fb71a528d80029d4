package dev.serialboost.it.config;

import java.io.Serializable;

/**
 * Its no-arg constructor has code plain JDK deserialization never runs. Converted, it is still instantiated on read
 * as plain JDK instantiates it, so that code does not run with the agent either.
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
