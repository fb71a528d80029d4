package dev.serialboost.corpus.ctor;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Transient fields with initializers, but the only constructor takes arguments: the class is converted
 * and the generated no-arg constructor must NOT copy the initializers (plain JDK leaves 0/null).
 */
public class TransientInitArgs implements Serializable {
    private static final long serialVersionUID = 31L;

    transient int x = 5;
    transient long big = Long.MAX_VALUE;
    transient List<String> cache = new ArrayList<>();
    transient boolean ready = true;
    /** A constant variable: code reading it sees 5, the field itself is 0 after plain JDK reading. */
    transient final int konst = 5;
    int y;
    String name = "field-initializer";

    public TransientInitArgs(final int y) {
        this.y = y;
        cache.add("filled-" + y);
    }
}
