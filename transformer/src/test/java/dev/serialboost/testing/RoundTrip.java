package dev.serialboost.testing;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.UncheckedIOException;

/** Plain JDK serialization to bytes and back, resolving classes in a given loader. */
public final class RoundTrip {

    private RoundTrip() {
    }

    /** Serializes {@code root} with a new {@link ObjectOutputStream}. */
    public static byte[] write(final Object root) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Reads one object, resolving class names in {@code loader}. Checked exceptions are rethrown as is. */
    public static Object read(final byte[] stream, final ClassLoader loader) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = input(new ByteArrayInputStream(stream), loader)) {
            return in.readObject();
        }
    }

    /** Writes and reads back {@code root}; IO failures become unchecked so tests can assert on them. */
    public static Object of(final Object root, final ClassLoader loader) {
        try {
            return read(write(root), loader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An {@link ObjectInputStream} that resolves classes in {@code loader} rather than the caller's. */
    public static ObjectInputStream input(final InputStream in, final ClassLoader loader) throws IOException {
        return new ObjectInputStream(in) {
            @Override
            protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    return super.resolveClass(desc);
                }
            }
        };
    }
}
