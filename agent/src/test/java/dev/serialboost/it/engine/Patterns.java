package dev.serialboost.it.engine;

import dev.serialboost.corpus.Fixture;
import dev.serialboost.it.CorpusDump;
import dev.serialboost.it.engine.Readers.Style;
import dev.serialboost.it.engine.Subjects.Subject;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamConstants;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The streams of the write side: every {@link Subjects subject} alone in a new stream; all of them in one stream
 * (plain, with {@code reset()} between objects, {@code writeUnshared}, protocol version 1, through each
 * {@link Writers} subclass); two streams written interleaved on one thread; every corpus fixture alone and all in
 * one stream. Each written stream is reported as {@code LABEL write sha256=HEX bytes=N [calls...]}.
 */
final class Patterns {

    /** A written stream: how many top-level objects it holds and how to read them. */
    record StreamCase(String label, byte[] bytes, int count, Style style) {
    }

    @FunctionalInterface
    interface Body {
        void write(ObjectOutputStream out) throws IOException;
    }

    @FunctionalInterface
    interface OutFactory {
        ObjectOutputStream open(OutputStream out) throws IOException;
    }

    /** How many objects the one-stream patterns repeat at their end, as back-references (or new copies). */
    private static final int REPEATED = 5;

    private Patterns() {
    }

    /** Writes every pattern, reporting each stream; returns the streams written. */
    static List<StreamCase> writeAll(final Report r) throws Exception {
        List<StreamCase> cases = new ArrayList<>();
        for (Subject s : Subjects.all()) {
            add(r, cases, "single/" + s.label(), 1, Style.OBJECTS, ObjectOutputStream::new,
                    out -> out.writeObject(s.make().get()));
        }
        List<Object> mixed = mixed();
        int n = mixed.size();
        add(r, cases, "many", n, Style.OBJECTS, ObjectOutputStream::new, out -> {
            for (Object o : mixed) {
                out.writeObject(o);
            }
        });
        add(r, cases, "many-reset", n, Style.OBJECTS, ObjectOutputStream::new, out -> {
            for (Object o : mixed) {
                out.reset();
                out.writeObject(o);
            }
        });
        add(r, cases, "unshared", 2 * n, Style.UNSHARED_PAIRS, ObjectOutputStream::new, out -> {
            for (Object o : mixed) {
                out.writeUnshared(o);
                out.writeObject(o);
            }
        });
        add(r, cases, "protocol-1", n, Style.OBJECTS, ObjectOutputStream::new, out -> {
            out.useProtocolVersion(ObjectStreamConstants.PROTOCOL_VERSION_1);
            for (Object o : mixed) {
                out.writeObject(o);
            }
        });
        add(r, cases, "annotate-replace", n, Style.ANNOTATED, Writers.AnnotatingOut::new, out -> {
            for (Object o : mixed) {
                out.writeObject(o);
            }
        });
        add(r, cases, "name-only-descriptors", n, Style.NAME_ONLY, Writers.NameOnlyOut::new, out -> {
            for (Object o : mixed) {
                out.writeObject(o);
            }
        });
        add(r, cases, "marked-descriptors", n, Style.MARKED, Writers.MarkedOut::new, out -> {
            for (Object o : mixed) {
                out.writeObject(o);
            }
        });
        interleaved(r, cases, mixed);
        corpus(r, cases);
        return cases;
    }

    /** One object of every subject, then the first {@link #REPEATED} again. */
    static List<Object> mixed() {
        List<Object> mixed = new ArrayList<>();
        for (Subject s : Subjects.all()) {
            mixed.add(s.make().get());
        }
        mixed.addAll(mixed.subList(0, REPEATED));
        return mixed;
    }

    /** The same objects to two streams on one thread, alternately; the first is reset every 7 objects. */
    private static void interleaved(final Report r, final List<StreamCase> cases, final List<Object> mixed)
            throws IOException {
        ByteArrayOutputStream first = new ByteArrayOutputStream();
        ByteArrayOutputStream second = new ByteArrayOutputStream();
        try (ObjectOutputStream a = new ObjectOutputStream(first);
             ObjectOutputStream b = new ObjectOutputStream(second)) {
            for (int i = 0; i < mixed.size(); i++) {
                if (i % 7 == 6) {
                    a.reset();
                }
                a.writeObject(mixed.get(i));
                b.writeObject(mixed.get(i));
            }
        }
        byte[] alone = write(ObjectOutputStream::new, out -> {
            for (Object o : mixed) {
                out.writeObject(o);
            }
        });
        report(r, cases, "interleaved/first", first.toByteArray(), mixed.size(), Style.OBJECTS, "");
        report(r, cases, "interleaved/second", second.toByteArray(), mixed.size(), Style.OBJECTS,
                "same-as-written-alone=" + Arrays.equals(alone, second.toByteArray()));
    }

    /** Every corpus fixture alone, then all that could be written and read alone in one stream. */
    private static void corpus(final Report r, final List<StreamCase> cases) throws Exception {
        List<Object> roots = new ArrayList<>();
        for (String name : CorpusDump.fixtureNames(List.of())) {
            String label = "corpus/" + name.substring("dev.serialboost.corpus.".length()).replace("Fixtures$", "");
            Object root;
            try {
                root = ((Fixture) Class.forName(name).getConstructor().newInstance()).get();
            } catch (Throwable e) {
                r.line(label, "setup failed: " + Digests.exception(e));
                continue;
            }
            if (add(r, cases, label, 1, Style.OBJECTS, ObjectOutputStream::new, out -> out.writeObject(root))
                    && Readers.read(cases.get(cases.size() - 1).bytes(), 1, Style.OBJECTS, Readers.plain(), null)
                    .startsWith("ok ")) {
                roots.add(root);
            }
        }
        add(r, cases, "corpus-many", roots.size(), Style.OBJECTS, ObjectOutputStream::new, out -> {
            for (Object o : roots) {
                out.writeObject(o);
            }
        });
    }

    /** Writes one stream and reports it; false when writing failed. */
    private static boolean add(final Report r, final List<StreamCase> cases, final String label, final int count,
                               final Style style, final OutFactory factory, final Body body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String log;
        try (ObjectOutputStream out = factory.open(bytes)) {
            body.write(out);
            out.flush();
            log = out instanceof Writers.Recording recording ? recording.log() : "";
        } catch (Throwable e) {
            r.line(label, "write failed: " + Digests.exception(e));
            return false;
        }
        report(r, cases, label, bytes.toByteArray(), count, style, log);
        return true;
    }

    private static void report(final Report r, final List<StreamCase> cases, final String label, final byte[] bytes,
                               final int count, final Style style, final String extra) {
        r.line(label, "write sha256=" + Digests.sha256(bytes) + " bytes=" + bytes.length
                + (extra.isEmpty() ? "" : " " + extra));
        cases.add(new StreamCase(label, bytes, count, style));
    }

    /** The bytes {@code body} writes through a stream of {@code factory}. */
    static byte[] write(final OutFactory factory, final Body body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = factory.open(bytes)) {
            body.write(out);
        }
        return bytes.toByteArray();
    }

    /** The bytes of a plain stream holding {@code objects}. */
    static byte[] write(final Object... objects) throws IOException {
        return write(ObjectOutputStream::new, out -> {
            for (Object o : objects) {
                out.writeObject(o);
            }
        });
    }
}
