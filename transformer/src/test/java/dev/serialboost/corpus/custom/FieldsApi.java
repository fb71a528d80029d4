package dev.serialboost.corpus.custom;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/** Writes and reads its fields through putFields/readFields: PUT_OR_GET_FIELDS, stays plain. */
public class FieldsApi implements Serializable {
    private static final long serialVersionUID = 111L;

    private int count;
    private String label;

    public FieldsApi(final int count, final String label) {
        this.count = count;
        this.label = label;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        ObjectOutputStream.PutField fields = out.putFields();
        fields.put("count", count * 2);
        fields.put("label", label);
        out.writeFields();
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        ObjectInputStream.GetField fields = in.readFields();
        count = fields.get("count", 0) / 2;
        label = (String) fields.get("label", "none");
    }
}
