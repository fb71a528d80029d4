package dev.serialboost.it.filters;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

/**
 * A class no recorded stream holds: initializing it or reading it prints a line on stdout, the observable side
 * effect that proves a filter stopped it before it was instantiated.
 */
public class Outside implements Serializable {
    private static final long serialVersionUID = 1L;

    static {
        System.out.println("SIDE EFFECT: Outside initialized");
    }

    int value = 42;

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        System.out.println("SIDE EFFECT: Outside read");
    }
}
