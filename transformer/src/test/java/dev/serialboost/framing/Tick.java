package dev.serialboost.framing;

import java.io.Serializable;

/** All primitives: one bulk record when converted. */
public class Tick implements Serializable {
    private static final long serialVersionUID = 1L;

    long time;
    double price;
    int size;

    public Tick(final long time, final double price, final int size) {
        this.time = time;
        this.price = price;
        this.size = size;
    }
}
