package dev.serialboost.it.loaderlab.model;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.math.BigInteger;

/**
 * Written as a {@code BigDecimal} is (a {@code Number} with {@code int scale} and {@code BigInteger intVal}, its own
 * {@code writeObject}), so that {@link Factory#sneakyDecimal} can rename it to {@code java.math.BigDecimal} in the
 * stream: a {@code BigDecimal} whose {@code intVal} is a {@link SneakyInteger}, which {@code BigDecimal}'s own
 * constructors never keep, with one more object after its fields.
 */
public class DecimalLike extends Number {
    /** {@code java.math.BigDecimal}'s. */
    static final long BIG_DECIMAL_UID = 6108874887143696463L;
    private static final long serialVersionUID = 1L;

    private final BigInteger intVal;
    private final int scale;
    private final transient Object extra;

    DecimalLike(final BigInteger intVal, final int scale, final Object extra) {
        this.intVal = intVal;
        this.scale = scale;
        this.extra = extra;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeObject(extra);
    }

    @Override
    public int intValue() {
        return 0;
    }

    @Override
    public long longValue() {
        return 0;
    }

    @Override
    public float floatValue() {
        return 0;
    }

    @Override
    public double doubleValue() {
        return 0;
    }
}
