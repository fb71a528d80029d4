package dev.serialboost.it.engine.loaders;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.function.Function;

/**
 * Reads three objects from its own {@code readObject}: the first and third itself, the second through
 * {@link #helper}, which the test sets to a {@link Helper} of another loader. Each is of a class the stream names
 * for the first time there (a {@link Pojo}, a {@link Part}, a {@link Tail}), so plain JDK reading resolves the
 * second one's class in the helper's loader (its code is then the latest user code on the stack) and the others
 * in this class's loader.
 */
public class Gate implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Reads the second object; {@code null} reads it here. */
    public static Function<ObjectInputStream, Object> helper;

    private final String name;
    private transient Object first;
    private transient Object second;
    private transient Object third;

    public Gate(final String name, final Object first, final Object second, final Object third) {
        this.name = name;
        this.first = first;
        this.second = second;
        this.third = third;
    }

    public Object[] parts() {
        return new Object[] {first, second, third};
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeObject(first);
        out.writeObject(second);
        out.writeObject(third);
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        first = in.readObject();
        second = helper != null ? helper.apply(in) : in.readObject();
        third = in.readObject();
    }
}
