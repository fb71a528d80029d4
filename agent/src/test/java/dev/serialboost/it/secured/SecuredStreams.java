package dev.serialboost.it.secured;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Test app for SecurityManagerIT: run under a Security Manager whose policy grants this app nothing (the agent's jar,
 * if any, everything). It writes and reads a long stream of its own objects (primitive fields, strings with and
 * without non-ASCII characters, primitive arrays, back-references: enough of them for every per-object patch of the
 * engine to be used and warm) and one object a stream, and prints a checksum of the bytes, whether the graphs read
 * back equal the originals, and whether the serialboost engine was on the stack of a stream's
 * {@code writeClassDescriptor} and {@code resolveClass}.
 */
public final class SecuredStreams {

    /** An object of the app's own. */
    static final class Quote implements Serializable {
        private static final long serialVersionUID = 1L;
        final long id;
        final double bid;
        final double ask;
        final String venue;
        final long[] sizes;
        final Quote previous;

        Quote(final long id, final String venue, final Quote previous) {
            this.id = id;
            this.bid = id * 0.25;
            this.ask = id * 0.25 + 0.125;
            this.venue = venue;
            this.sizes = new long[] {id, id * 3, -id};
            this.previous = previous;
        }

        @Override
        public boolean equals(final Object o) {
            return o instanceof Quote q && q.id == id && q.bid == bid && q.ask == ask && q.venue.equals(venue)
                    && Arrays.equals(q.sizes, sizes) && (q.previous == null ? previous == null
                    : previous != null && q.previous.id == previous.id);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(id);
        }
    }

    private SecuredStreams() {
    }

    public static void main(final String[] args) throws Exception {
        List<Quote> quotes = new ArrayList<>();
        Quote previous = null;
        for (int i = 0; i < 1500; i++) {
            previous = new Quote(i, (i % 3 == 0 ? "Zürich-" : "LSE-") + i, i % 5 == 0 ? null : previous);
            quotes.add(previous);
        }
        CRC32 crc = new CRC32();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (Quote q : quotes) {
                out.writeObject(q);
            }
        }
        crc.update(bytes.toByteArray());
        boolean equal = true;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            for (Quote q : quotes) {
                equal &= q.equals(in.readObject());
            }
        }
        for (int i = 0; i < 300; i++) {
            ByteArrayOutputStream one = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(one)) {
                out.writeObject(quotes.get(i));
            }
            crc.update(one.toByteArray());
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(one.toByteArray()))) {
                equal &= quotes.get(i).equals(in.readObject());
            }
        }
        ByteArrayOutputStream probe = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ProbeOut(probe)) {
            out.writeObject(quotes.get(7));
        }
        try (ObjectInputStream in = new ProbeIn(new ByteArrayInputStream(probe.toByteArray()))) {
            equal &= quotes.get(7).equals(in.readObject());
        }
        System.out.println("crc32=" + Long.toHexString(crc.getValue()) + " equal=" + equal + " engine-in-write="
                + ProbeOut.engineSeen + " engine-in-read=" + ProbeIn.engineSeen + " security-manager="
                + (System.getSecurityManager() != null));
    }

    private static boolean engineOnStack() {
        return Arrays.stream(new Throwable().getStackTrace())
                .anyMatch(f -> f.getClassName().startsWith("java.io.Serialboost$"));
    }

    /** Sees whether the engine calls its {@code writeClassDescriptor}. */
    static final class ProbeOut extends ObjectOutputStream {
        static boolean engineSeen;

        ProbeOut(final OutputStream out) throws IOException {
            super(out);
        }

        @Override
        protected void writeClassDescriptor(final ObjectStreamClass desc) throws IOException {
            engineSeen |= engineOnStack();
            super.writeClassDescriptor(desc);
        }
    }

    /** Sees whether the engine calls its {@code resolveClass}. */
    static final class ProbeIn extends ObjectInputStream {
        static boolean engineSeen;

        ProbeIn(final InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            engineSeen |= engineOnStack();
            return super.resolveClass(desc);
        }
    }
}
