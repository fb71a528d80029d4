package dev.serialboost.it.engine;

import dev.serialboost.it.engine.Readers.Style;
import dev.serialboost.it.engine.Readers.Variant;
import dev.serialboost.it.engine.model.CountA;
import dev.serialboost.it.engine.model.Holder;
import dev.serialboost.it.engine.model.LabelA;
import dev.serialboost.it.engine.model.NamedHandler;
import dev.serialboost.it.engine.model.OrderStatus;
import dev.serialboost.it.engine.model.Planet;
import dev.serialboost.it.engine.model.Point;
import dev.serialboost.it.engine.model.PurchaseOrder;
import dev.serialboost.it.engine.model.RecA;
import dev.serialboost.it.engine.model.Segment;
import dev.serialboost.it.engine.model.SubVersion;
import dev.serialboost.it.engine.model.Versioned;
import dev.serialboost.it.engine.model.WideHolder;
import dev.serialboost.testing.Bytes;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Streams the JDK refuses, made from good streams by replacing bytes in place: a class that does not exist
 * (at the top, in a field, in a field the reader does not have, in a list, as an array component, as a proxy
 * interface, as an enum, as a superclass), a changed serialVersionUID, a changed field type, wrong descriptor flags,
 * a class that is not serializable, externalizable or an enum on the reading side, descriptor cycles, bad handles;
 * every truncation of small streams, and every 113th of one holding arrays of primitives; single-bit and high-bit
 * flips of every byte at the start of several streams.
 *
 * <p>Each bad stream is read twice in a row (nothing negative may be remembered wrongly: the second read must end
 * as the first) and then its good original is read, which must still give the good graph.
 */
final class BadStreams {

    private static final String MODEL = "dev.serialboost.it.engine.model.";
    private static final byte TC_NULL = 0x70;
    private static final byte TC_REFERENCE = 0x71;
    private static final byte TC_ENDBLOCKDATA = 0x78;
    private static final int BASE_HANDLE = 0x7e0000;

    /** A bad stream and the good one it was made from, each holding {@code count} top-level objects. */
    record Bad(String label, byte[] bad, byte[] good, int count, Style style) {
        Bad(final String label, final byte[] bad, final byte[] good, final Style style) {
            this(label, bad, good, 1, style);
        }
    }

    private BadStreams() {
    }

    static void run(final Report r) throws Exception {
        List<Variant> variants = List.of(Readers.plain(),
                new Variant("filter", in -> Readers.filtered(in, FilterLog.recording())),
                new Variant("resolveClass", Readers.ResolveClassIn::new));
        for (Bad b : crafted()) {
            for (Variant v : variants) {
                String first = Readers.read(b.bad(), b.count(), b.style(), v, null);
                String again = Readers.read(b.bad(), b.count(), b.style(), v, null);
                String good = Readers.read(b.good(), b.count(), b.style(), v, null);
                r.line("bad/" + b.label(), v.name() + " first " + first);
                r.line("bad/" + b.label(), v.name() + " again " + (again.equals(first) ? "same" : again));
                r.line("bad/" + b.label(), v.name() + " good " + good);
            }
        }
        truncations(r, "versioned", Patterns.write(new Versioned(7, "seven", List.of("x"))), 1);
        truncations(r, "purchase-order", Patterns.write(PurchaseOrder.sample(2)), 7);
        truncations(r, "proxy", Patterns.write(NamedHandler.greeter("t", 1)), 3);
        truncations(r, "big-arrays", Patterns.write((Object) new Object[] {new long[300], Subjects.bigPrimitiveArrays()[24],
            new byte[2_000], new double[400]}), 113);
        flips(r, "versioned", Patterns.write(new Versioned(7, "seven", List.of("x"))), 400);
        flips(r, "subversion", Patterns.write(new SubVersion(1, "sub", 2.5)), 400);
        flips(r, "marketdata", Patterns.write(((List<?>) new dev.serialboost.corpus.workloads.Fixtures.MarketDataCase()
                .get()).get(0)), 400);
        flips(r, "proxy", Patterns.write(NamedHandler.greeter("f", 2)), 400);
        flips(r, "enums", Patterns.write((Object) new Object[] {Planet.EARTH, OrderStatus.SHIPPED}), 400);
        flips(r, "records", Patterns.write(new Segment(new Point(1, 2), new Point(3, 4), "s", List.of())), 400);
        flips(r, "purchase-order", Patterns.write(PurchaseOrder.sample(3)), 560);
        strings(r);
    }

    /**
     * String objects of every kind of modified UTF-8, well-formed and malformed (a wrong leading or following byte,
     * a character cut by the string's end), of lengths around the JDK's decoding spans (256 bytes) and buffer (1,024),
     * each followed by a good string that must be read as without the agent; and random Java strings (surrogates,
     * zeros, Latin-1, long ones) written and read back.
     */
    private static void strings(final Report r) throws IOException {
        java.util.SplittableRandom random = new java.util.SplittableRandom(41);
        int[] lengths = {1, 2, 3, 4, 5, 6, 17, 252, 253, 254, 255, 256, 257, 258, 259, 510, 511, 512, 1020, 1021, 1022,
            1023, 1024, 1025, 1026, 2049};
        for (int c = 0; c < 1500; c++) {
            int n = c < 3 * lengths.length ? lengths[c % lengths.length] : 1 + random.nextInt(c % 5 == 0 ? 1100 : 40);
            byte[] payload = dev.serialboost.testing.ModifiedUtf8.random(random, n, c >= lengths.length);
            java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
            java.io.DataOutputStream out = new java.io.DataOutputStream(stream);
            out.writeShort(0xACED);
            out.writeShort(5);
            out.writeByte(0x74); // TC_STRING
            out.writeShort(payload.length);
            out.write(payload);
            out.writeByte(0x74);
            out.writeUTF("next");
            String first = Readers.read(stream.toByteArray(), 2, Style.OBJECTS, Readers.plain(), null);
            r.line("string/" + c + "/" + n, first);
        }
        List<Object> texts = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            StringBuilder text = new StringBuilder();
            int length = i % 50 == 0 ? 30_000 + random.nextInt(40_000) : random.nextInt(i % 7 == 0 ? 1100 : 30);
            for (int k = 0; k < length; k++) {
                int kind = random.nextInt(10);
                text.append((char) (kind < 6 ? random.nextInt(0x80) : kind < 8 ? random.nextInt(0x800)
                        : random.nextInt(0x10000)));
            }
            texts.add(text.toString());
        }
        byte[] written = Patterns.write(texts.toArray());
        r.line("strings/written", "sha256=" + Digests.sha256(written)
                + " " + Readers.read(written, texts.size(), Style.OBJECTS, Readers.plain(), null));
        asciiStrings(r, random);
    }

    /**
     * ASCII strings without a zero (one byte per character, the writer's byte copy), of lengths around the writer's
     * 1,024-byte buffer, as string objects (outside block data) and through {@code writeBytes}, {@code writeUTF} and
     * {@code writeObject} in block data, each after a few bytes so that it starts at another point of the buffer.
     */
    private static void asciiStrings(final Report r, final java.util.SplittableRandom random) throws IOException {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            int length = i < 40 ? 1000 + i : random.nextInt(i % 3 == 0 ? 5_000 : 60);
            StringBuilder text = new StringBuilder();
            for (int k = 0; k < length; k++) {
                text.append((char) (1 + random.nextInt(0x7f)));
            }
            texts.add(text.toString());
        }
        byte[] objects = Patterns.write(texts.toArray());
        r.line("strings/ascii", "sha256=" + Digests.sha256(objects)
                + " " + Readers.read(objects, texts.size(), Style.OBJECTS, Readers.plain(), null));
        byte[] blocks = Patterns.write(ObjectOutputStream::new, out -> {
            for (int i = 0; i < texts.size(); i++) {
                out.write(new byte[i % 11]);
                out.writeBytes(texts.get(i));
                out.writeUTF(texts.get(i));
                out.writeObject(texts.get(i));
            }
        });
        r.line("strings/ascii-block-data", "sha256=" + Digests.sha256(blocks) + " bytes=" + blocks.length);
    }

    /** The crafted bad streams, each with its good original. */
    static List<Bad> crafted() throws IOException {
        List<Bad> bads = new ArrayList<>();
        byte[] versioned = Patterns.write(new Versioned(7, "seven", List.of("x")));
        bads.add(renamed("absent/top", versioned, "Versioned", "Versionex"));
        bads.add(renamed("absent/in-field", Patterns.write(new Holder(new Versioned(1, "in", null))), "Versioned",
                "Versionex"));
        byte[] slim = replace(Patterns.write(new WideHolder(3, "v", new Versioned(2, "ghost", null))), "WideHolder",
                "SlimHolder");
        bads.add(renamed("absent/in-field-the-reader-lacks", slim, "Versioned", "Versionex"));
        bads.add(renamed("absent/in-list", Patterns.write(new ArrayList<>(List.of("a", new Versioned(1, "l", null),
                "b"))), "Versioned", "Versionex"));
        Map<String, Object> map = new HashMap<>();
        map.put("k", new Versioned(1, "m", null));
        map.put("j", new Versioned(2, "m", null));
        bads.add(renamed("absent/in-map", Patterns.write(map), "Versioned", "Versionex"));
        bads.add(renamed("absent/array-component", Patterns.write((Object) new Versioned[] {new Versioned(1, "a",
                null)}), "Versioned", "Versionex"));
        bads.add(renamed("absent/array-class-object", Patterns.write(Versioned[][].class), "Versioned",
                "Versionex"));
        bads.add(renamed("absent/proxy-interface", Patterns.write(NamedHandler.greeter("p")), "model.Greeter",
                "model.Greetex"));
        bads.add(renamed("absent/enum", Patterns.write(OrderStatus.PAID), "OrderStatus", "OrderStatuz"));
        byte[] sub = Patterns.write(new SubVersion(1, "sub", 2.5));
        bads.add(renamed("absent/superclass", sub, "Versioned", "Versionex"));
        Object[] two = {new Versioned(1, "a", null), new Versioned(2, "b", null)};
        bads.add(renamed("absent/twice-in-one-stream", Patterns.write((Object) two), "Versioned", "Versionex"));

        bads.add(new Bad("suid/class", withUid(versioned, MODEL + "Versioned", 2L), versioned, Style.OBJECTS));
        bads.add(new Bad("suid/superclass", withUid(sub, MODEL + "Versioned", -1L), sub, Style.OBJECTS));
        byte[] ints = Patterns.write((Object) new int[] {1, 2});
        bads.add(new Bad("suid/array-is-not-checked", withUid(ints, "[I", 1L), ints, Style.OBJECTS));
        byte[] status = Patterns.write(OrderStatus.PAID);
        bads.add(new Bad("suid/enum-not-zero", withUid(status, MODEL + "OrderStatus", 5L), status, Style.OBJECTS));
        byte[] point = Patterns.write(new Point(1, 2));
        bads.add(new Bad("suid/record-is-not-checked", withUid(point, MODEL + "Point", 99L), point, Style.OBJECTS));

        byte[] countA = Patterns.write(new CountA(5));
        bads.add(renamed("field/primitive-type-changed", countA, "CountA", "CountB"));
        bads.add(renamed("field/object-type-changed", Patterns.write(new LabelA(5)), "LabelA", "LabelB"));
        bads.add(renamed("field/record-component-type-changed", Patterns.write(new RecA(1, 2L)), "RecA", "RecB"));
        bads.add(new Bad("field/invalid-type-code", withTypeCode(countA, "count", 'Q'), countA, Style.OBJECTS));
        bads.add(new Bad("field/object-type-string-changed", replace(versioned, "Ljava/lang/String;",
                "Ljava/lang/Number;"), versioned, Style.OBJECTS));

        bads.add(new Bad("flags/externalizable", withFlags(versioned, MODEL + "Versioned", 0x0c), versioned,
                Style.OBJECTS));
        // the converted format's mark (SC_EXTERNALIZABLE | SC_WRITE_METHOD) on a class no one converted
        bads.add(new Bad("flags/externalizable-unframed", withFlags(versioned, MODEL + "Versioned", 0x05), versioned,
                Style.OBJECTS));
        bads.add(new Bad("flags/both", withFlags(versioned, MODEL + "Versioned", 0x06), versioned, Style.OBJECTS));
        bads.add(new Bad("flags/none", withFlags(versioned, MODEL + "Versioned", 0x00), versioned, Style.OBJECTS));
        bads.add(new Bad("flags/enum", withFlags(versioned, MODEL + "Versioned", 0x12), versioned, Style.OBJECTS));
        bads.add(renamed("local/not-serializable", versioned, "Versioned", "NotSerial"));
        bads.add(renamed("local/externalizable", versioned, "Versioned", "Externals"));
        bads.add(renamed("local/enum", versioned, "Versioned", "EnumNamed"));

        bads.add(new Bad("cycle/self", superAt(versioned, 1, reference(0)), versioned, Style.OBJECTS));
        bads.add(new Bad("cycle/two-descriptors", superAt(sub, 1, reference(0)), sub, Style.OBJECTS));
        bads.add(new Bad("cycle/absent-class", superAt(replace(versioned, "Versioned", "Versionex"), 1, reference(0)),
                versioned, Style.OBJECTS));
        bads.add(new Bad("handle/invalid-superclass-handle", superAt(versioned, 1, reference(0x99)), versioned,
                Style.OBJECTS));
        bads.add(new Bad("handle/superclass-is-a-string", superAt(versioned, 1, reference(1)), versioned,
                Style.OBJECTS));
        bads.add(new Bad("handle/superclass-not-a-descriptor", superAt(versioned, 1, new byte[] {0x74, 0, 1, 'x'}),
                versioned, Style.OBJECTS));
        Versioned twice = new Versioned(1, "twice", null);
        byte[] twiceBytes = Patterns.write(ObjectOutputStream::new, out -> {
            out.writeObject(twice);
            out.writeObject(twice);
        });
        bads.add(new Bad("unshared/back-reference", twiceBytes, Patterns.write(ObjectOutputStream::new, out -> {
            out.writeUnshared(twice);
            out.writeUnshared(twice);
        }), 2, Style.UNSHARED));
        bads.add(new Bad("block-data/primitive-before-object", Patterns.write(ObjectOutputStream::new, out -> {
            out.writeInt(5);
            out.writeObject(twice);
        }), Patterns.write(twice), Style.OBJECTS));
        return bads;
    }

    private static Bad renamed(final String label, final byte[] good, final String from, final String to) {
        return new Bad(label, replace(good, from, to), good, Style.OBJECTS);
    }

    /** Every prefix of {@code good} whose length is a multiple of {@code step}, read twice, then the good stream. */
    private static void truncations(final Report r, final String name, final byte[] good, final int step) {
        Variant plain = Readers.plain();
        String expected = Readers.read(good, 1, Style.OBJECTS, plain, null);
        r.line("truncated/" + name, "whole " + expected);
        List<Integer> goodChanged = new ArrayList<>();
        for (int length = 0; length < good.length; length += step) {
            byte[] bad = Arrays.copyOf(good, length);
            String first = Readers.read(bad, 1, Style.OBJECTS, plain, null);
            String again = Readers.read(bad, 1, Style.OBJECTS, plain, null);
            r.line("truncated/" + name + "@" + length, first + (again.equals(first) ? "" : " again " + again));
            if (!Readers.read(good, 1, Style.OBJECTS, plain, null).equals(expected)) {
                goodChanged.add(length);
            }
        }
        r.line("truncated/" + name, "good-after-each-changed-at " + goodChanged);
    }

    /**
     * Flips bit 0, then bit 7, of each of the first {@code limit} bytes of {@code good} (where the class descriptors
     * are), each read twice; the good stream is read again after every other flip.
     */
    private static void flips(final Report r, final String name, final byte[] good, final int limit) {
        Variant plain = Readers.plain();
        String expected = Readers.read(good, 1, Style.OBJECTS, plain, null);
        r.line("flipped/" + name, "whole " + expected + " bytes=" + good.length);
        List<String> goodChanged = new ArrayList<>();
        for (int mask : new int[] {0x01, 0x80}) {
            for (int i = 0; i < Math.min(limit, good.length); i++) {
                byte[] bad = good.clone();
                bad[i] ^= (byte) mask;
                String first = Readers.read(bad, 1, Style.OBJECTS, plain, null);
                String again = Readers.read(bad, 1, Style.OBJECTS, plain, null);
                r.line("flipped/" + name + "@" + i + "^" + mask,
                        first + (again.equals(first) ? "" : " again " + again));
                if (i % 2 == 0 && !Readers.read(good, 1, Style.OBJECTS, plain, null).equals(expected)) {
                    goodChanged.add(i + "^" + mask);
                }
            }
        }
        r.line("flipped/" + name, "good-after-each-changed-at " + goodChanged);
    }

    /** {@code bytes} with every occurrence of {@code from} replaced by {@code to} (same length, ASCII). */
    static byte[] replace(final byte[] bytes, final String from, final String to) {
        byte[] f = from.getBytes(StandardCharsets.US_ASCII);
        byte[] t = to.getBytes(StandardCharsets.US_ASCII);
        if (f.length != t.length) {
            throw new IllegalArgumentException("not the same length: " + from + ", " + to);
        }
        byte[] out = bytes.clone();
        int found = 0;
        for (int i = Bytes.find(out, f, 0); i >= 0; i = Bytes.find(out, f, i + f.length)) {
            System.arraycopy(t, 0, out, i, t.length);
            found++;
        }
        if (found == 0) {
            throw new IllegalStateException(from + " is not in the stream");
        }
        return out;
    }

    /** Where the first occurrence of {@code className} with its length prefix (a descriptor or field name) ends. */
    private static int afterName(final byte[] bytes, final String className) {
        byte[] name = className.getBytes(StandardCharsets.UTF_8);
        byte[] prefixed = new byte[name.length + 2];
        prefixed[0] = (byte) (name.length >> 8);
        prefixed[1] = (byte) name.length;
        System.arraycopy(name, 0, prefixed, 2, name.length);
        int at = Bytes.find(bytes, prefixed, 0);
        if (at < 0) {
            throw new IllegalStateException("no descriptor of " + className + " in the stream");
        }
        return at + prefixed.length;
    }

    private static byte[] withUid(final byte[] bytes, final String className, final long uid) {
        byte[] out = bytes.clone();
        int at = afterName(out, className);
        for (int i = 0; i < 8; i++) {
            out[at + i] = (byte) (uid >>> (56 - 8 * i));
        }
        return out;
    }

    private static byte[] withFlags(final byte[] bytes, final String className, final int flags) {
        byte[] out = bytes.clone();
        out[afterName(out, className) + 8] = (byte) flags;
        return out;
    }

    /** {@code bytes} with the type code of the first field named {@code field} set to {@code code}. */
    private static byte[] withTypeCode(final byte[] bytes, final String field, final char code) {
        byte[] out = bytes.clone();
        out[afterName(out, field) - field.length() - 3] = (byte) code;
        return out;
    }

    /**
     * {@code bytes} with the superclass descriptor of the {@code nth} class descriptor of the stream (the
     * {@code TC_NULL} after its {@code TC_ENDBLOCKDATA}) replaced by {@code replacement}.
     */
    private static byte[] superAt(final byte[] bytes, final int nth, final byte[] replacement) {
        int seen = 0;
        for (int i = 0; i + 1 < bytes.length; i++) {
            if (bytes[i] == TC_ENDBLOCKDATA && bytes[i + 1] == TC_NULL && ++seen == nth) {
                byte[] out = new byte[bytes.length - 1 + replacement.length];
                System.arraycopy(bytes, 0, out, 0, i + 1);
                System.arraycopy(replacement, 0, out, i + 1, replacement.length);
                System.arraycopy(bytes, i + 2, out, i + 1 + replacement.length, bytes.length - i - 2);
                return out;
            }
        }
        throw new IllegalStateException("the stream has fewer than " + nth + " descriptor ends");
    }

    private static byte[] reference(final int handle) {
        int h = BASE_HANDLE + handle;
        return new byte[] {TC_REFERENCE, (byte) (h >>> 24), (byte) (h >>> 16), (byte) (h >>> 8), (byte) h};
    }
}
