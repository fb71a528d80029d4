package dev.serialboost.it.loaderlab.model;

import dev.serialboost.it.loaderlab.model.child.Twin;

import java.io.ObjectInputStream;
import java.math.BigInteger;

/**
 * A {@code BigInteger} whose {@code toByteArray()}, which {@code BigDecimal.readObject} calls on a subclass after its
 * own read, reads one more object from the stream being read ({@link #source}): resolved from this frame, it must be
 * this loader's {@link Twin}. So a reader that took every read of {@code BigDecimal.readObject} for its own (not only
 * its first) fails here.
 */
public class SneakyInteger extends BigInteger {
    private static final long serialVersionUID = 1L;

    /** The stream {@link #toByteArray} reads from, once; set by the reading code. */
    public static volatile ObjectInputStream source;

    public SneakyInteger(final String value) {
        super(value);
    }

    @Override
    public byte[] toByteArray() {
        ObjectInputStream in = source;
        if (in != null) {
            source = null;
            Object extra;
            try {
                extra = in.readObject();
            } catch (Exception e) {
                throw new IllegalStateException("the extra object: " + e, e);
            }
            if (!(extra instanceof Twin)) {
                throw new IllegalStateException("an extra object of another loader: " + extra.getClass().getName()
                        + " of " + extra.getClass().getClassLoader());
            }
        }
        return super.toByteArray();
    }
}
