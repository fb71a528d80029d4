package dev.serialboost.it.bytebuddy;

import java.io.Serializable;

/** Converted by the agent; the app's own Byte Buddy subclasses it at run time. */
public class Greeter implements Serializable {
    private static final long serialVersionUID = 11L;

    protected String name;
    protected transient int greetings;

    public Greeter() {
    }

    public Greeter(final String name) {
        this.name = name;
    }

    public String greet() {
        greetings++;
        return "hello " + name;
    }

    public String name() {
        return name;
    }
}
