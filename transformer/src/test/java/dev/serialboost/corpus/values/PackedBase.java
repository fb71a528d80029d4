package dev.serialboost.corpus.values;

import java.io.Serializable;

/**
 * Small all-primitive levels whose fields the JVM may pack into each other's gaps (HotSpot places subclass
 * fields into holes left by superclass fields): a level-by-level bulk copy in 8-byte steps must not touch
 * the bytes of another level.
 */
public class PackedBase implements Serializable {
    private static final long serialVersionUID = 79L;

    byte a;

    public PackedBase(final byte a) {
        this.a = a;
    }
}
