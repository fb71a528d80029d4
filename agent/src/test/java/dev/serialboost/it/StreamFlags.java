package dev.serialboost.it;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.nio.charset.StandardCharsets;

/** Serialization helpers for the test apps: plain JDK streams, and the class descriptor flags in a stream. */
public final class StreamFlags {

    private static final byte TC_CLASSDESC = 0x72;
    /**
     * The {@link #flags} of a class written in serialboost's converted layout: {@code 0x05}, SC_EXTERNALIZABLE |
     * SC_WRITE_METHOD (its data unframed, as the JDK writes an {@code Externalizable} class under protocol 1; the
     * class itself stays what it was).
     */
    public static final String CONVERTED_LAYOUT = "0x05";
    /**
     * The {@link #flags} of a converted class that declares {@code writeObject} or {@code readObject}: {@code 0x0d},
     * SC_BLOCK_DATA too (its level's data ends with its own custom data and {@code TC_ENDBLOCKDATA}).
     */
    public static final String CUSTOM_CONVERTED_LAYOUT = "0x0d";

    private StreamFlags() {
    }

    /**
     * The flags the converted layout gives the class {@code name}: {@link #CUSTOM_CONVERTED_LAYOUT} when the class
     * (found through this class's loader) declares a private {@code writeObject} or {@code readObject}, else {@link
     * #CONVERTED_LAYOUT}.
     */
    public static String convertedLayout(final String name) {
        try {
            Class<?> c = Class.forName(name, false, StreamFlags.class.getClassLoader());
            for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
                if ((m.getName().equals("writeObject") || m.getName().equals("readObject"))
                        && java.lang.reflect.Modifier.isPrivate(m.getModifiers())) {
                    return CUSTOM_CONVERTED_LAYOUT;
                }
            }
        } catch (ClassNotFoundException e) {
            // a class compiled for one test run only: none of those declares such methods
        }
        return CONVERTED_LAYOUT;
    }

    public static byte[] write(final Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    public static Object read(final byte[] bytes) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        }
    }

    /** Reads with {@code loader} resolving classes, the way application servers read session data. */
    public static Object read(final byte[] bytes, final ClassLoader loader) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(bytes), loader)) {
            return in.readObject();
        }
    }

    /**
     * The flags byte of the class descriptor of {@code className} in the stream, as {@code 0x..}:
     * {@code 0x02} SC_SERIALIZABLE, {@code 0x04} SC_EXTERNALIZABLE, {@code 0x08} SC_BLOCK_DATA (set for
     * Externalizable with protocol 2), {@code 0x01} SC_WRITE_METHOD; {@code none} when the class is not in it.
     */
    public static String flags(final byte[] stream, final String className) {
        byte[] name = className.getBytes(StandardCharsets.UTF_8);
        outer:
        for (int i = 0; i + 3 + name.length + 9 <= stream.length; i++) {
            if (stream[i] != TC_CLASSDESC || ((stream[i + 1] & 0xff) << 8 | (stream[i + 2] & 0xff)) != name.length) {
                continue;
            }
            for (int k = 0; k < name.length; k++) {
                if (stream[i + 3 + k] != name[k]) {
                    continue outer;
                }
            }
            return String.format("0x%02x", stream[i + 3 + name.length + 8] & 0xff);
        }
        return "none";
    }

    /** An ObjectInputStream that resolves classes through one given loader. */
    public static final class LoaderObjectInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        public LoaderObjectInputStream(final InputStream in, final ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
