package dev.serialboost.it.engine;

import dev.serialboost.it.engine.hostile.Variant;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.TreeMap;

/**
 * Test app for the bounds of whatever the engine layer remembers, run with a small heap ({@code -Xmx64m}): streams
 * crafted byte by byte that name {@value #ABSENT_NAMES} distinct classes that do not exist (ten per stream, and
 * {@value #ONE_STREAM} in one stream), and {@value #VARIANTS} streams that each describe the one existing class
 * {@link Variant} differently (other field names, other field types, an extra field, another serialVersionUID).
 * Each phase prints how its reads ended (counts by outcome and a digest of every outcome in order); the last line is
 * the heap in use after a full GC, {@code heap-used-after-gc-kb=N}, the only line expected to differ with the agent.
 */
public final class HostileStreams {

    static final int ABSENT_NAMES = 100_000;
    static final int PER_STREAM = 10;
    static final int ONE_STREAM = 5_000;
    static final int VARIANTS = 20_000;

    private static final int TC_NULL = 0x70;
    private static final int TC_CLASSDESC = 0x72;
    private static final int TC_OBJECT = 0x73;
    private static final int TC_ARRAY = 0x75;
    private static final int TC_ENDBLOCKDATA = 0x78;
    private static final int SC_SERIALIZABLE = 0x02;
    private static final long VARIANT_UID = ObjectStreamClass.lookup(Variant.class).getSerialVersionUID();
    private static final char[] TYPES = {'J', 'F', 'D', 'B', 'C', 'S', 'Z'};

    private HostileStreams() {
    }

    public static void main(final String[] args) throws Exception {
        Outcomes absent = new Outcomes();
        for (int first = 0; first < ABSENT_NAMES; first += PER_STREAM) {
            absent.read(absentClasses(first, PER_STREAM));
        }
        absent.print("absent-names streams=" + ABSENT_NAMES / PER_STREAM + " names=" + ABSENT_NAMES);

        Outcomes one = new Outcomes();
        one.read(absentClasses(ABSENT_NAMES, ONE_STREAM));
        one.read(absentClasses(ABSENT_NAMES, ONE_STREAM));
        one.print("absent-names-in-one-stream names=" + ONE_STREAM + " read=2");

        Outcomes variants = new Outcomes();
        for (int i = 0; i < VARIANTS; i++) {
            variants.read(variant(i));
        }
        for (int i = 0; i < 8; i++) {
            variants.read(variant(i)); // the first ones again, after all the others
        }
        variants.print("variants streams=" + VARIANTS);

        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        System.out.println("heap-used-after-gc-kb=" + used / 1024);
    }

    /** Counts and digests how reads end. */
    private static final class Outcomes {
        private final Map<String, Integer> counts = new TreeMap<>();
        private final MessageDigest digest;
        private String first;
        private String last;

        Outcomes() throws Exception {
            digest = MessageDigest.getInstance("SHA-256");
        }

        void read(final byte[] bytes) {
            String outcome;
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
                Object o = in.readObject();
                outcome = "ok " + (o instanceof Object[] a ? "Object[" + a.length + "]" : String.valueOf(o));
            } catch (Exception e) {
                outcome = Digests.exception(e);
            }
            String kind = outcome.startsWith("ok") ? "ok" : outcome.substring(0, outcome.indexOf(':'));
            counts.merge(kind, 1, Integer::sum);
            digest.update(outcome.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) '\n');
            if (first == null) {
                first = outcome;
            }
            last = outcome;
        }

        void print(final String label) {
            System.out.println(label + " outcomes=" + counts + " digest="
                    + java.util.HexFormat.of().formatHex(digest.digest()).substring(0, 16));
            System.out.println(label + " first: " + first);
            System.out.println(label + " last: " + last);
        }
    }

    /** An {@code Object[]} of {@code n} objects of the absent classes {@code first..first+n-1}, one int field each. */
    private static byte[] absentClasses(final int first, final int n) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = header(bytes);
        out.writeByte(TC_ARRAY);
        out.writeByte(TC_CLASSDESC);
        out.writeUTF(Object[].class.getName());
        out.writeLong(ObjectStreamClass.lookup(Object[].class).getSerialVersionUID());
        out.writeByte(SC_SERIALIZABLE);
        out.writeShort(0);
        out.writeByte(TC_ENDBLOCKDATA);
        out.writeByte(TC_NULL);
        out.writeInt(n);
        for (int i = first; i < first + n; i++) {
            out.writeByte(TC_OBJECT);
            out.writeByte(TC_CLASSDESC);
            // half in a package of the class path, half in java.base's: the loaders fail differently
            out.writeUTF((i % 2 == 0 ? "dev.serialboost.it.engine.hostile.Absent" : "java.lang.Absent") + i);
            out.writeLong(i);
            out.writeByte(SC_SERIALIZABLE);
            out.writeShort(1);
            out.writeByte('I');
            out.writeUTF("n");
            out.writeByte(TC_ENDBLOCKDATA);
            out.writeByte(TC_NULL);
            out.writeInt(i);
        }
        out.flush();
        return bytes.toByteArray();
    }

    /**
     * A stream of one {@link Variant} described in way {@code i}: a field the class does not have; {@code value}
     * with another type; {@code value} and an extra field; {@code value} with another serialVersionUID.
     */
    private static byte[] variant(final int i) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = header(bytes);
        out.writeByte(TC_OBJECT);
        out.writeByte(TC_CLASSDESC);
        out.writeUTF(Variant.class.getName());
        out.writeLong(i % 4 == 3 ? i : VARIANT_UID);
        out.writeByte(SC_SERIALIZABLE);
        switch (i % 4) {
            case 0 -> {
                out.writeShort(1);
                out.writeByte('I');
                out.writeUTF("f" + i);
                end(out);
                out.writeInt(i);
            }
            case 1 -> {
                char type = TYPES[i / 4 % TYPES.length];
                out.writeShort(1);
                out.writeByte(type);
                out.writeUTF("value");
                end(out);
                out.write(new byte[8]); // enough for any primitive
            }
            case 2 -> {
                out.writeShort(2);
                out.writeByte('J');
                out.writeUTF("g" + i);
                out.writeByte('I');
                out.writeUTF("value");
                end(out);
                out.writeLong(i);
                out.writeInt(i);
            }
            default -> {
                out.writeShort(1);
                out.writeByte('I');
                out.writeUTF("value");
                end(out);
                out.writeInt(i);
            }
        }
        out.flush();
        return bytes.toByteArray();
    }

    private static DataOutputStream header(final ByteArrayOutputStream bytes) throws IOException {
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeShort(0xaced);
        out.writeShort(5);
        return out;
    }

    private static void end(final DataOutputStream out) throws IOException {
        out.writeByte(TC_ENDBLOCKDATA);
        out.writeByte(TC_NULL);
    }
}
