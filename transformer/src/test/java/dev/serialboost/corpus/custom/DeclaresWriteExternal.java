package dev.serialboost.corpus.custom;

import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.Serializable;

/**
 * Serializable (not Externalizable) but already declares methods with the Externalizable signatures, for
 * its own purposes: the generated code cannot be added (CONFLICTING_MEMBER).
 */
public class DeclaresWriteExternal implements Serializable {
    private static final long serialVersionUID = 108L;

    public static int ownWrites;

    private int value;

    public DeclaresWriteExternal(final int value) {
        this.value = value;
    }

    public void writeExternal(final ObjectOutput out) throws IOException {
        ownWrites++;
        out.writeInt(value);
    }

    public void readExternal(final ObjectInput in) throws IOException {
        value = in.readInt();
    }
}
