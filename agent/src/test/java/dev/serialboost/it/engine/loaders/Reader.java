package dev.serialboost.it.engine.loaders;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;

/** Reads a stream with a plain {@code ObjectInputStream}, from code of the loader that defined this class. */
public final class Reader {

    private Reader() {
    }

    public static Object read(final byte[] bytes) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        }
    }
}
