package dev.serialboost.it.safety;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Test app for DescriptorFreshnessIT: prints what the stream hooks that receive class descriptors read from a stream
 * see, with and without the agent. Two parts:
 * <ul>
 *   <li><b>tenants</b>: a resolver shared by two tenants caches its decision by descriptor object (as it may: the JDK
 *       hands each stream new descriptors); each tenant maps the stream's {@code Widget} to a class of its own and
 *       reads the same bytes warm, in turn; each must get its own class;</li>
 *   <li><b>fresh</b>: stream classes overriding {@code resolveClass}, and {@code readClassDescriptor} calling the
 *       JDK's, record every descriptor (and its fields) their hooks receive over several streams of the same bytes;
 *       none may be received in two streams.</li>
 * </ul>
 */
public final class FreshDescriptors {

    /** Streams read per part, after warming. */
    public static final int STREAMS = 4;

    private FreshDescriptors() {
    }

    public static void main(final String[] args) throws Exception {
        byte[] widget = write(new dev.serialboost.it.safety.tenant1.Widget(7, "w"));
        for (int round = 0; round < STREAMS; round++) {
            for (String tenant : List.of("tenant1", "tenant2")) {
                Object read = new TenantStream(new ByteArrayInputStream(widget), tenant).readObject();
                System.out.println("tenants round " + round + " " + tenant + " read "
                        + read.getClass().getName());
            }
        }

        List<Object> graph = new ArrayList<>(List.of(new dev.serialboost.it.safety.tenant1.Widget(1, "a"),
                new Holder(3, "h"), new int[] {1, 2}, new String[] {"s"}, Integer.valueOf(5),
                java.time.LocalDate.of(2020, 1, 2),
                java.util.concurrent.TimeUnit.SECONDS));
        graph.add(Map.of("k", new dev.serialboost.it.safety.tenant2.Widget(2, "b")));
        byte[] bytes = write(graph);
        // warm: the engine recognises descriptors it has read before
        for (int i = 0; i < 3; i++) {
            new ObjectInputStream(new ByteArrayInputStream(bytes)).readObject();
        }
        report("resolveClass", bytes, Recording::new);
        report("readClassDescriptor+resolveClass", bytes, RecordingBoth::new);
    }

    private interface Opener {
        Recording open(InputStream in) throws IOException;
    }

    private static void report(final String what, final byte[] bytes, final Opener opener) throws Exception {
        Map<Object, Integer> descriptors = new IdentityHashMap<>();
        Map<Object, Integer> fields = new IdentityHashMap<>();
        int received = 0;
        int fieldsReceived = 0;
        Set<String> names = new java.util.TreeSet<>();
        for (int stream = 0; stream < STREAMS; stream++) {
            Recording in = opener.open(new ByteArrayInputStream(bytes));
            in.readObject();
            Set<Object> thisStream = Collections.newSetFromMap(new IdentityHashMap<>());
            for (ObjectStreamClass desc : in.received) {
                received++;
                names.add(desc.getName());
                if (thisStream.add(desc)) {
                    descriptors.merge(desc, 1, Integer::sum);
                    for (ObjectStreamField f : desc.getFields()) {
                        fieldsReceived++;
                        fields.merge(f, 1, Integer::sum);
                    }
                }
            }
        }
        long shared = descriptors.values().stream().filter(n -> n > 1).count();
        long sharedFields = fields.values().stream().filter(n -> n > 1).count();
        System.out.println("fresh " + what + ": streams=" + STREAMS + " received=" + received + " distinct="
                + descriptors.size() + " in-several-streams=" + shared + " fields-received=" + fieldsReceived
                + " fields-in-several-streams=" + sharedFields + " classes=" + names);
    }

    static byte[] write(final Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    /**
     * A resolver shared by tenants that remembers its decision per descriptor object: each stream has descriptors of
     * its own, so a decision never crosses streams (and so never tenants), without the agent.
     */
    static final class TenantStream extends ObjectInputStream {
        private static final Map<ObjectStreamClass, Class<?>> DECIDED =
                Collections.synchronizedMap(new IdentityHashMap<>());

        private final String tenant;

        TenantStream(final InputStream in, final String tenant) throws IOException {
            super(in);
            this.tenant = tenant;
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            Class<?> decided = DECIDED.get(desc);
            if (decided != null) {
                return decided;
            }
            String name = desc.getName();
            Class<?> cl = name.endsWith(".Widget")
                    ? Class.forName("dev.serialboost.it.safety." + tenant + ".Widget")
                    : super.resolveClass(desc);
            DECIDED.put(desc, cl);
            return cl;
        }
    }

    /** Records the descriptors {@code resolveClass} receives. */
    static class Recording extends ObjectInputStream {
        final List<ObjectStreamClass> received = new ArrayList<>();

        Recording(final InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            received.add(desc);
            return super.resolveClass(desc);
        }
    }

    /** Records the descriptors {@code readClassDescriptor} returns and {@code resolveClass} receives. */
    static final class RecordingBoth extends Recording {
        RecordingBoth(final InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected ObjectStreamClass readClassDescriptor() throws IOException, ClassNotFoundException {
            ObjectStreamClass desc = super.readClassDescriptor();
            received.add(desc);
            return desc;
        }
    }

    /** A class with fields of both kinds. */
    static final class Holder implements Serializable {
        private static final long serialVersionUID = 1L;
        final int n;
        final String s;

        Holder(final int n, final String s) {
            this.n = n;
            this.s = s;
        }
    }
}
