package dev.serialboost.it.loaderlab.model;

import dev.serialboost.it.loaderlab.model.child.Twin;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/**
 * Streams that write and read every {@code int} as an object, a {@link Twin} tagged with its value: so the JDK's own
 * classes that call {@code writeInt}/{@code readInt} ({@code ArrayList}, {@code HashMap}...) run this loader's code
 * under their {@code readObject}, and the box is resolved from this frame. {@link In#readInt} refuses a box whose
 * class another loader defined: a read that resolved it with the loader found for the top-level read instead of this
 * frame's fails.
 */
public final class BoxedInts {

    private BoxedInts() {
    }

    /** Writes {@code objects} with {@link Out}. */
    public static byte[] write(final Object... objects) {
        return Factory.writeWith(Out::new, objects);
    }

    /** How many {@code int}s {@link Out} has written: the calls of its {@code writeInt}. */
    public static int written;

    /** Writes each {@code int} as a {@link Twin} tagged with it. */
    public static final class Out extends ObjectOutputStream {
        public Out(final ByteArrayOutputStream bytes) throws IOException {
            super(bytes);
        }

        @Override
        public void writeInt(final int value) throws IOException {
            written++;
            writeObject(new Twin(Integer.toString(value)));
        }
    }

    /** Reads each {@code int} from its box, which must be a class of this loader. */
    public static final class In extends ObjectInputStream {
        public In(final ByteArrayInputStream bytes) throws IOException {
            super(bytes);
        }

        @Override
        public int readInt() throws IOException {
            Object box;
            try {
                box = readObject();
            } catch (ClassNotFoundException e) {
                throw new InvalidObjectException("box: " + e);
            }
            if (!(box instanceof Twin)) {
                throw new InvalidObjectException("a box of another loader: " + box.getClass().getName() + " of "
                        + box.getClass().getClassLoader());
            }
            return Integer.parseInt(((Twin) box).tag);
        }
    }
}
