package dev.serialboost.corpus.custom;

import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.Serializable;

/**
 * Serializable (not Externalizable) but declares methods with the Externalizable signatures, for its own purposes:
 * converted all the same (the generated bodies have names of their own), and its writeExternal is never called by
 * the stream engine, with or without the agent.
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
