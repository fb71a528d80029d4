package dev.serialboost.it.engine;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Long streams, long enough for the engine's generated field copies to take over from the JDK's field reflectors:
 * every {@link Subjects subject} and a class with every primitive type and its odd values (NaNs of other bit
 * patterns, negative zero, extremes), {@value #ROUNDS} rounds in one stream with {@code reset()} between rounds (so
 * every object is written and read again, not referenced), plus the same as a stream with the last round read by
 * {@code readUnshared}. Prints the stream's digest and length, and the digest of the first and the last round read
 * back; then one {@code probe:} line saying whether the agent's runtime generated a copy for the primitive class.
 */
public final class WarmCopies {

    /** More than the calls after which the engine generates a reflector's copy. */
    static final int ROUNDS = 700;

    /** Every primitive type, with values the stream must carry bit for bit. */
    static final class Prims implements Serializable {
        private static final long serialVersionUID = 3L;
        final boolean z;
        final byte b;
        final char c;
        final short s;
        final int i;
        final float f;
        final long j;
        final double d;
        final String label;

        Prims(final int n) {
            z = n % 2 == 0;
            b = (byte) (n * 31);
            c = (char) (0xD800 + n);
            s = (short) -n;
            i = n % 3 == 0 ? Integer.MIN_VALUE : n * 1_000_003;
            f = n % 4 == 0 ? Float.intBitsToFloat(0x7fc00001 + n) : n % 4 == 1 ? -0.0f : n / 7.0f;
            j = n % 5 == 0 ? Long.MAX_VALUE : -31L * n;
            d = n % 3 == 0 ? Double.longBitsToDouble(0x7ff8000000000003L + n) : n % 3 == 1 ? -0.0 : n * Math.PI;
            label = "p" + n;
        }
    }

    private WarmCopies() {
    }

    public static void main(final String[] args) throws Exception {
        List<Object> round = new ArrayList<>(Patterns.mixed());
        for (int n = 0; n < 8; n++) {
            round.add(new Prims(n));
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (int r = 0; r < ROUNDS; r++) {
                out.reset();
                for (Object o : round) {
                    out.writeObject(o);
                }
            }
        }
        byte[] written = bytes.toByteArray();
        System.out.println("write sha256=" + Digests.sha256(written) + " bytes=" + written.length);
        for (boolean unsharedLast : new boolean[] {false, true}) {
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(written))) {
                Object[] first = null;
                Object[] last = new Object[round.size()];
                for (int r = 0; r < ROUNDS; r++) {
                    for (int k = 0; k < last.length; k++) {
                        last[k] = unsharedLast && r == ROUNDS - 1 ? in.readUnshared() : in.readObject();
                    }
                    if (r == 0) {
                        first = last.clone();
                    }
                }
                System.out.println("read" + (unsharedLast ? "/unshared-last" : "") + " first=" + Digests.graph(first)
                        + " last=" + Digests.graph(last));
            } catch (IOException | RuntimeException e) {
                System.out.println("read failed: " + Digests.exception(e));
            }
        }
        System.out.println("probe: " + probe());
    }

    /** Whether the agent's runtime copies {@link Prims}' fields with generated code; "no runtime" without it. */
    private static String probe() throws Exception {
        Class<?> access;
        try {
            access = Class.forName("java.io.Serialboost$FieldAccess", false, null);
        } catch (ClassNotFoundException e) {
            return "no runtime";
        }
        Method generated = access.getDeclaredMethod("generated", ObjectStreamClass.class, Class.class);
        generated.setAccessible(true);
        return "generated=" + generated.invoke(null, ObjectStreamClass.lookup(Prims.class), Prims.class);
    }
}
