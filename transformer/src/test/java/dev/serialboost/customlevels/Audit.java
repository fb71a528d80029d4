package dev.serialboost.customlevels;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

/** readObject only (the writer has no writeObject): a derived transient field. */
public class Audit implements Serializable {
    private static final long serialVersionUID = 1L;

    int level;
    Witness witness = new Witness();
    private transient String label;

    public Audit(final int level) {
        this.level = level;
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        label = "level " + level;
    }
}
