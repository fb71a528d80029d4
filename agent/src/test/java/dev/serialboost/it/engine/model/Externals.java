package dev.serialboost.it.engine.model;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/** Externalizable, same serialVersionUID as {@link Versioned} and a name of the same length. */
public class Externals implements Externalizable {
    private static final long serialVersionUID = 1L;

    private int count;

    public Externals() {
    }

    @Override
    public void writeExternal(final ObjectOutput out) throws IOException {
        out.writeInt(count);
    }

    @Override
    public void readExternal(final ObjectInput in) throws IOException {
        count = in.readInt();
    }
}
