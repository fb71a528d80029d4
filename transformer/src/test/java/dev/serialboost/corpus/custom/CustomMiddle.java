package dev.serialboost.corpus.custom;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A level with writeObject/readObject between converted levels: its custom data (objects too) after its default
 * part; its readObject sees the superclass's fields already set, as with plain JDK.
 */
public class CustomMiddle extends ConvertedParent {
    private static final long serialVersionUID = 114L;

    protected Object shared;
    private double ratio;
    private transient List<Object> extras;
    private transient String seenParent;

    public CustomMiddle(final int parentValue, final Object shared, final double ratio, final List<Object> extras) {
        super(parentValue, "middle");
        this.shared = shared;
        this.ratio = ratio;
        this.extras = extras;
    }

    public String seenParent() {
        return seenParent;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.writeInt(extras.size()); // custom data before the default part, as some classes write it
        out.defaultWriteObject();
        for (Object extra : extras) {
            out.writeObject(extra);
        }
        out.writeUTF("end");
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        int count = in.readInt();
        in.defaultReadObject();
        seenParent = parentName + "/" + parentValue;
        extras = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            extras.add(in.readObject());
        }
        if (!"end".equals(in.readUTF())) {
            throw new IOException("bad trailer");
        }
    }
}
