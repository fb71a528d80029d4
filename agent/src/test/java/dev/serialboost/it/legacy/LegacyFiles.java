package dev.serialboost.it.legacy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.StreamCorruptedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The layout of every stream file the legacy-reading tests write and read: one {@link ObjectOutputStream}
 * holding {@code writeInt(count)} and then {@code count} top-level objects (one for a session-style blob,
 * several for a journal-style file whose later objects refer back to earlier ones). Whether the stream is in
 * the plain JDK format or in serialboost's depends only on whether the JVM that wrote it had the agent.
 */
public final class LegacyFiles {

    /** Prefix of the system properties that classes of the tests set to show that their code ran. */
    public static final String WITNESS = "legacy.witness.";

    private LegacyFiles() {
    }

    /** Serializes {@code roots} with a plain {@link ObjectOutputStream}. */
    public static byte[] write(final List<?> roots) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeInt(roots.size());
            for (Object root : roots) {
                out.writeObject(root);
            }
        }
        return bytes.toByteArray();
    }

    /**
     * Reads a stream written by {@link #write}; the whole stream must be consumed.
     *
     * @param filter the stream's own filter, or null to keep the JVM-wide one ({@code jdk.serialFilter})
     */
    public static List<Object> read(final byte[] stream, final ObjectInputFilter filter) throws IOException,
            ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stream))) {
            if (filter != null) {
                in.setObjectInputFilter(filter);
            }
            int count = in.readInt();
            List<Object> roots = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                roots.add(in.readObject());
            }
            int next = in.read();
            if (next != -1) {
                throw new StreamCorruptedException("data left in the stream after " + count + " objects");
            }
            return roots;
        }
    }

    /** The system properties set by test classes whose code ran in this JVM, sorted. */
    public static Map<String, String> witnesses() {
        Map<String, String> found = new TreeMap<>();
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith(WITNESS)) {
                found.put(name, System.getProperty(name));
            }
        }
        return found;
    }
}
