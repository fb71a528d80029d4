package dev.serialboost.it.engine.loaders;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.UncheckedIOException;
import java.util.function.Function;

/** Reads one object from a stream that is being read, from code of this class's loader. */
public final class Helper implements Function<ObjectInputStream, Object> {

    @Override
    public Object apply(final ObjectInputStream in) {
        try {
            return in.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
