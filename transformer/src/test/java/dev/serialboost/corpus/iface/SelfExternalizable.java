package dev.serialboost.corpus.iface;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/** Already Externalizable: ALREADY_EXTERNALIZABLE. */
public class SelfExternalizable implements Externalizable {
    private static final long serialVersionUID = 131L;

    private int a;
    private String b;
    private transient int readCount;

    public SelfExternalizable() {
    }

    public SelfExternalizable(final int a, final String b) {
        this.a = a;
        this.b = b;
    }

    @Override
    public void writeExternal(final ObjectOutput out) throws IOException {
        out.writeInt(a);
        out.writeObject(b);
    }

    @Override
    public void readExternal(final ObjectInput in) throws IOException, ClassNotFoundException {
        a = in.readInt();
        b = (String) in.readObject();
        readCount++;
    }
}
