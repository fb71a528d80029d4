package dev.serialboost.corpus.custom;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;

/** readObject only: defaultReadObject, then a check and a derived transient field. Converted. */
public class Validated implements Serializable {
    private static final long serialVersionUID = 112L;

    private int low;
    private int high;
    private transient int width;

    public Validated(final int low, final int high) {
        this.low = low;
        this.high = high;
        this.width = high - low;
    }

    public int width() {
        return width;
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (low > high) {
            throw new InvalidObjectException("low > high: " + low + " > " + high);
        }
        width = high - low;
    }
}
