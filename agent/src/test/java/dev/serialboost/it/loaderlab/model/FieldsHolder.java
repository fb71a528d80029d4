package dev.serialboost.it.loaderlab.model;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

/** Reads its fields with {@code readFields()} from its own {@code readObject}. */
public class FieldsHolder implements Serializable {
    private static final long serialVersionUID = 1L;

    public Object payload;
    public int count;

    public FieldsHolder(final Object payload, final int count) {
        this.payload = payload;
        this.count = count;
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        ObjectInputStream.GetField fields = in.readFields();
        payload = fields.get("payload", null);
        count = fields.get("count", 0);
    }
}
