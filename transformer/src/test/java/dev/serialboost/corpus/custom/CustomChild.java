package dev.serialboost.corpus.custom;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/** A subclass with writeObject/readObject (custom data after the default part) under a converted superclass. */
public class CustomChild extends ConvertedParent {
    private static final long serialVersionUID = 104L;

    private long childValue;

    public CustomChild(final int parentValue, final long childValue) {
        super(parentValue, "parent-of-custom");
        this.childValue = childValue;
    }

    public long childValue() {
        return childValue;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeInt(7);
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (in.readInt() != 7) {
            throw new IOException("bad trailer");
        }
    }
}
