package dev.serialboost.corpus.values;

import java.io.Serializable;

/** All-primitive and all-final (a bulk-copy candidate whose fields are final). */
public final class FinalPrimitives implements Serializable {
    private static final long serialVersionUID = 793L;

    private final long id;
    private final double price;
    private final int qty;
    private final float ratio;
    private final short code;
    private final char grade;
    private final boolean active;
    private final byte flags;

    public FinalPrimitives(final int seed) {
        id = seed * 7_000_000_001L;
        price = seed * 1.25;
        qty = -seed;
        ratio = seed / 9f;
        code = (short) (seed << 3);
        grade = (char) ('a' + seed);
        active = seed % 3 == 0;
        flags = (byte) (seed * 17);
    }
}
