package dev.serialboost.corpus.custom;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/** writeObject/readObject around defaultWriteObject/defaultReadObject: the default part converted. */
public class CustomReadWrite implements Serializable {
    private static final long serialVersionUID = 100L;

    private int value;
    private transient String derived;

    public CustomReadWrite(final int value) {
        this.value = value;
        this.derived = "d" + value;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeUTF(derived);
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        derived = in.readUTF() + "!";
    }
}
