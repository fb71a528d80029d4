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
        ByteArrayInputStream source = new ByteArrayInputStream(bytes);
        return each(source, new ObjectInputStream(source));
    }

    /**
     * Every object of a stream written by {@link BoxedInts#write}, read with its stream class, {@link BoxedInts.In}:
     * a class of the loader that defined {@link BoxedInts}, which may be another than this class's.
     */
    public static List<Object> readAllBoxed(final byte[] bytes) throws IOException, ClassNotFoundException {
        ByteArrayInputStream source = new ByteArrayInputStream(bytes);
        return each(source, new BoxedInts.In(source));
    }

    /** Every object of {@link Factory#sneakyDecimal}'s stream, with {@link SneakyInteger#source} set to it. */
    public static List<Object> readAllSneaky(final byte[] bytes) throws IOException, ClassNotFoundException {
        ByteArrayInputStream source = new ByteArrayInputStream(bytes);
        ObjectInputStream in = new ObjectInputStream(source);
        SneakyInteger.source = in;
        try {
            return each(source, in);
        } finally {
            SneakyInteger.source = null;
        }
    }

    /** Every object {@code in} reads from {@code source}, read from this class's code; closes {@code in}. */
    private static List<Object> each(final ByteArrayInputStream source, final ObjectInputStream in)
            throws IOException, ClassNotFoundException {
        List<Object> all = new ArrayList<>();
        try (in) {
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
