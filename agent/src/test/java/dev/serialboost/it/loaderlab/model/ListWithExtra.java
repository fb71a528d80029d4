package dev.serialboost.it.loaderlab.model;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;

/**
 * An {@code ArrayList} with an object of its own, which its own {@code readObject} reads after {@code ArrayList}'s
 * has read the elements: class code at the same depth right after a closed reader.
 */
public class ListWithExtra extends ArrayList<Object> {
    private static final long serialVersionUID = 1L;

    public transient Object extra;

    public ListWithExtra(final Object element, final Object extra) {
        add(element);
        this.extra = extra;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeObject(extra);
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        extra = in.readObject();
    }
}
