package dev.serialboost.it.loaderlab.model;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectInputValidation;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * Opens a second stream from its own {@code readObject} (a nested top-level read, from this class's code), then reads
 * on from the first; and registers a validation that reads a third stream once the outer read is done.
 */
public class Nest implements Serializable, ObjectInputValidation {
    private static final long serialVersionUID = 1L;

    public byte[] inner;
    public transient Object innerObject;
    public transient Object after;
    public transient Object validated;

    public Nest(final byte[] inner, final Object after) {
        this.inner = inner;
        this.after = after;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeObject(after);
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        in.registerValidation(this, 0);
        try (ObjectInputStream nested = new ObjectInputStream(new ByteArrayInputStream(inner))) {
            innerObject = nested.readObject();
        }
        after = in.readObject();
    }

    @Override
    public void validateObject() {
        try (ObjectInputStream nested = new ObjectInputStream(new ByteArrayInputStream(inner))) {
            validated = nested.readObject();
        } catch (IOException | ClassNotFoundException e) {
            validated = e.toString();
        }
    }
}
