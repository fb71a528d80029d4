package dev.serialboost.it.attach;

import java.io.Serializable;

/** Loaded and used before the agent is attached: stays plain. */
public class A implements Serializable {
    private static final long serialVersionUID = 21L;

    int number;
    String text;
    transient String cache;

    protected A(final int number, final String text) {
        this.number = number;
        this.text = text;
        this.cache = "cached";
    }

    public static A sample() {
        return new A(1, "loaded before the agent");
    }
}
