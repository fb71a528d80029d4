package dev.serialboost.corpus.custom;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/** A serialized form of its own (no defaultWriteObject/defaultReadObject): CUSTOM_SERIALIZATION, stays plain. */
public class FullyCustom implements Serializable {
    private static final long serialVersionUID = 110L;

    private transient int value;
    private transient String name;

    public FullyCustom(final int value, final String name) {
        this.value = value;
        this.name = name;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.writeInt(value);
        out.writeObject(name);
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        value = in.readInt();
        name = (String) in.readObject();
    }
}
