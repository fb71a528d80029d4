package dev.serialboost.it.attach;

import dev.serialboost.it.engine.EngineProbes.ProbeIn;
import dev.serialboost.it.engine.EngineProbes.ProbeOut;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Test app for DynamicAttachIT's engine case: writes and reads the same objects (JDK classes and one of its own)
 * a stream per object, before and after the test attaches the agent, and prints for each phase the SHA-256 of
 * all the bytes written, whether the graphs read back equal the originals, and whether the serialboost engine
 * was on the stack of a stream's {@code writeClassDescriptor} and {@code resolveClass} (seen from overriding
 * stream subclasses, whose overrides the engine calls). Every class involved is loaded before the attach.
 */
public final class EngineAttachTarget {

    /** A class of the application's own, loaded before the attach like the JDK's. */
    static final class Trade implements Serializable {
        private static final long serialVersionUID = 1L;
        final long id;
        final String book;
        final BigDecimal price;

        Trade(final long id, final String book, final BigDecimal price) {
            this.id = id;
            this.book = book;
            this.price = price;
        }

        @Override
        public boolean equals(final Object o) {
            return o instanceof Trade t && t.id == id && t.book.equals(book) && t.price.equals(price);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(id);
        }
    }


    private EngineAttachTarget() {
    }

    public static void main(final String[] args) throws Exception {
        System.out.println("before: " + phase());
        System.out.println("READY");
        System.out.flush();
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        System.out.println("after: " + phase());
    }

    private static String phase() throws Exception {
        List<Object> objects = List.of(new Trade(7, "rates", new BigDecimal("101.25")), new Date(1_700_000_000_000L),
                new ArrayList<>(List.of("a", "b")), new HashMap<>(Map.of("k", 1L)), LocalDate.of(2026, 11, 23),
                new BigDecimal("3.14"));
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        boolean equal = true;
        for (int round = 0; round < 200; round++) {
            for (Object o : objects) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                    out.writeObject(o);
                }
                sha.update(bytes.toByteArray());
                try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                    equal &= o.equals(in.readObject());
                }
            }
        }
        ProbeOut.engineSeen = false;
        ProbeIn.engineSeen = false;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ProbeOut(bytes)) {
            out.writeObject(objects.get(0));
        }
        try (ObjectInputStream in = new ProbeIn(new ByteArrayInputStream(bytes.toByteArray()))) {
            equal &= objects.get(0).equals(in.readObject());
        }
        return "sha-256=" + HexFormat.of().formatHex(sha.digest()) + " equal=" + equal + " engine-in-write="
                + ProbeOut.engineSeen + " engine-in-read=" + ProbeIn.engineSeen;
    }
}
