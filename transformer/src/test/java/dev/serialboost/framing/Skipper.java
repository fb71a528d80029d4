package dev.serialboost.framing;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * Kept plain (it has writeObject/readObject): writes a Tick and an int after its fields, and reads neither back, so
 * the stream skips them as custom data, the Tick's data included.
 */
public class Skipper implements Serializable {
    private static final long serialVersionUID = 1L;

    String name;
    transient Object extra;

    public Skipper(final String name, final Object extra) {
        this.name = name;
        this.extra = extra;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeObject(extra);
        out.writeInt(5);
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
    }
}
