package dev.serialboost.it.loaderlab.model;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/** Externalizable: its {@code readExternal} reads nested objects, resolved in this class's loader. */
public class Ext implements Externalizable {
    private static final long serialVersionUID = 1L;

    public String label;
    public Object nested;
    public Object more;

    public Ext() {
    }

    public Ext(final String label, final Object nested, final Object more) {
        this.label = label;
        this.nested = nested;
        this.more = more;
    }

    @Override
    public void writeExternal(final ObjectOutput out) throws IOException {
        out.writeUTF(label);
        out.writeObject(nested);
        out.writeObject(more);
    }

    @Override
    public void readExternal(final ObjectInput in) throws IOException, ClassNotFoundException {
        label = in.readUTF();
        nested = in.readObject();
        more = in.readObject();
    }
}
