package dev.serialboost.it.legacy.model;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/** Custom writeObject/readObject (never converted) around converted objects. */
public class Envelope implements Serializable {
    private static final long serialVersionUID = 13L;

    private Object content;
    private transient int checksum;

    public Envelope(final Object content) {
        this.content = content;
        this.checksum = 1234;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeInt(checksum);
        out.writeObject(new Code("written by Envelope.writeObject"));
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        checksum = -in.readInt();
        content = new Object[] {content, in.readObject()};
    }
}
