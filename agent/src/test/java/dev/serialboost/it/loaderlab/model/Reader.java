package dev.serialboost.it.loaderlab.model;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.ArrayList;
import java.util.List;

/** Reads with a plain {@code ObjectInputStream}, from code of the loader that defined this class. */
public final class Reader {

    private Reader() {
    }

    /** Every object of the stream, in order. */
    public static List<Object> readAll(final byte[] bytes) throws IOException, ClassNotFoundException {
        List<Object> all = new ArrayList<>();
        ByteArrayInputStream source = new ByteArrayInputStream(bytes);
        try (ObjectInputStream in = new ObjectInputStream(source)) {
            while (source.available() > 0) {
                all.add(in.readObject());
            }
        }
        return all;
    }

    /** One object of a stream someone else opened. */
    public static Object readFrom(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        return in.readObject();
    }
}
