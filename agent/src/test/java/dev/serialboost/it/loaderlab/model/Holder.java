package dev.serialboost.it.loaderlab.model;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * Reads its fields with {@code defaultReadObject()} from its own {@code readObject}, then one more object with
 * {@code readObject()}: both resolve classes in this class's loader in plain JDK, whoever reads the stream.
 */
public class Holder implements Serializable {
    private static final long serialVersionUID = 1L;

    public Object payload;
    public transient Object after;

    public Holder(final Object payload, final Object after) {
        this.payload = payload;
        this.after = after;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeObject(after);
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        after = in.readObject();
    }
}
