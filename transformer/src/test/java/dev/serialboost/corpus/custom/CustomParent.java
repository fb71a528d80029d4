package dev.serialboost.corpus.custom;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/** A serializable superclass whose writeObject/readObject only call defaultWriteObject/defaultReadObject. */
public class CustomParent implements Serializable {
    private static final long serialVersionUID = 106L;

    private int parentValue;

    public CustomParent(final int parentValue) {
        this.parentValue = parentValue;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
    }
}
