package dev.serialboost.it.engine;

import dev.serialboost.it.engine.Readers.Style;
import dev.serialboost.it.engine.model.Failing;
import dev.serialboost.it.engine.model.Failing.Failure;
import dev.serialboost.it.engine.model.Failing.FailingList;
import dev.serialboost.it.engine.model.Point;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Classes' own {@code writeObject} and {@code readObject} that throw ({@link Failing}): each kind of throwable, from
 * an object alone, from an element of an {@code ArrayList} (whose own method then passes it on), from a
 * {@code HashMap} value and from a subclass of {@code ArrayList} with methods of its own. Each case is written to a
 * new stream (reporting the exception, or the stream's hash and the graph read back, which then holds a {@link Point}
 * after the failing object so that a reader that goes on is seen too).
 */
final class CustomFailures {

    private CustomFailures() {
    }

    static void run(final Report r) {
        for (Failure f : Failure.values()) {
            if (f != Failure.NONE) {
                both(r, "custom/write/" + f, f, Failure.NONE);
            }
            both(r, "custom/read/" + f, Failure.NONE, f);
        }
    }

    /** The cases of one failure on writing and one on reading. */
    private static void both(final Report r, final String label, final Failure onWrite, final Failure onRead) {
        report(r, label + "/alone", new Failing("alone", onWrite, onRead));
        List<Object> list = new ArrayList<>(List.of("first", new Failing("element", onWrite, onRead), "last"));
        report(r, label + "/list-element", list);
        Map<String, Object> map = new HashMap<>(Map.of("key", new Failing("value", onWrite, onRead)));
        report(r, label + "/map-value", map);
        FailingList subclass = new FailingList(onWrite, onRead);
        subclass.add(new Point(1, 2));
        report(r, label + "/list-subclass", subclass);
    }

    private static void report(final Report r, final String label, final Object subject) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(subject);
            out.writeObject(new Point(3, 4));
        } catch (Throwable e) {
            r.line(label, "write failed: " + Digests.exception(e));
            return;
        }
        r.line(label, "write sha256=" + Digests.sha256(bytes.toByteArray()) + " read/plain "
                + Readers.read(bytes.toByteArray(), 2, Style.OBJECTS, Readers.plain(), null));
    }
}
