package dev.serialboost.it.engine.model;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;

/**
 * A class whose own {@code writeObject} and {@code readObject} throw what their failure names ({@link Failure}),
 * after the default data: each kind of throwable the JDK's reflective call treats apart (rethrown, wrapped into
 * {@code IOException("unexpected exception type")}, or, on reading, a {@code ClassNotFoundException} that marks
 * the object).
 */
public class Failing implements Serializable {
    private static final long serialVersionUID = 1L;

    /** What a method throws. */
    public enum Failure {
        NONE, IO, INVALID_OBJECT, RUNTIME, ERROR, CHECKED, INTERRUPTED, CLASS_NOT_FOUND
    }

    private final String label;
    private final Failure onWrite;
    private final Failure onRead;

    public Failing(final String label, final Failure onWrite, final Failure onRead) {
        this.label = label;
        this.onWrite = onWrite;
        this.onRead = onRead;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeInt(label.length());
        fail(onWrite, "writing " + label);
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        in.readInt();
        fail(onRead, "reading " + label);
    }

    private static void fail(final Failure failure, final String where) throws IOException {
        switch (failure) {
            case NONE -> { }
            case IO -> throw new IOException("io " + where);
            case INVALID_OBJECT -> throw new InvalidObjectException("invalid " + where);
            case RUNTIME -> throw new IllegalStateException("runtime " + where);
            case ERROR -> throw new AssertionError("error " + where);
            case CHECKED -> Failing.<RuntimeException>sneaky(new Exception("checked " + where));
            case INTERRUPTED -> Failing.<RuntimeException>sneaky(new InterruptedException("interrupted " + where));
            case CLASS_NOT_FOUND -> Failing.<RuntimeException>sneaky(new ClassNotFoundException("missing " + where));
            default -> throw new IllegalArgumentException(failure.name());
        }
    }

    /** Throws {@code t} whatever its type: a checked throwable the method does not declare, as bytecode may. */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneaky(final Throwable t) throws T {
        throw (T) t;
    }

    /** A list subclass with its own {@code writeObject}/{@code readObject} that fail, around the list's own. */
    public static final class FailingList extends ArrayList<Object> {
        private static final long serialVersionUID = 1L;

        private final Failure onWrite;
        private final Failure onRead;

        public FailingList(final Failure onWrite, final Failure onRead) {
            this.onWrite = onWrite;
            this.onRead = onRead;
        }

        private void writeObject(final ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            fail(onWrite, "writing a list of " + size());
        }

        private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            fail(onRead, "reading a list");
        }
    }
}
