package dev.serialboost.corpus.custom;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** writeObject only, as java.util's collections have it: takes a lock, then defaultWriteObject. Converted. */
public class Guarded implements Serializable {
    private static final long serialVersionUID = 113L;

    private final List<String> items = new ArrayList<>();
    private long version;

    public Guarded add(final String item) {
        synchronized (this) {
            items.add(item);
            version++;
        }
        return this;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        synchronized (this) {
            out.defaultWriteObject();
        }
    }
}
