package dev.serialboost.it.overrides;

import dev.serialboost.it.GraphDump;
import dev.serialboost.it.overrides.Model.NewAudited;
import dev.serialboost.it.overrides.Model.NewChild;
import dev.serialboost.it.overrides.Model.NewCustomer;
import dev.serialboost.it.overrides.Model.NewLine;
import dev.serialboost.it.overrides.Model.NewParent;
import dev.serialboost.it.overrides.Model.NewTick;
import dev.serialboost.it.overrides.Model.OldAudited;
import dev.serialboost.it.overrides.Model.OldChild;
import dev.serialboost.it.overrides.Model.OldCustomer;
import dev.serialboost.it.overrides.Model.OldLine;
import dev.serialboost.it.overrides.Model.OldParent;
import dev.serialboost.it.overrides.Model.OldTick;
import dev.serialboost.it.overrides.Model.OtherCustomer;
import dev.serialboost.it.overrides.Model.WideTick;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Test app for DescriptorOverridesIT: writes objects with a plain {@code ObjectOutputStream} (with {@code
 * convert=all}, the converted format) and reads them back in the same JVM through stream classes whose {@code
 * readClassDescriptor} returns another descriptor than the one read: a rename migration ({@code
 * ObjectStreamClass.lookup(NewName.class)} for {@code OldName}), {@code lookup(cl)} for every descriptor, the
 * descriptors of an earlier stream, a class of other fields. One line per scenario: the graph read (two top-level
 * references to the object, then a string, so the stream must stay in step) or the exception.
 */
public final class OverridesApp {

    /** Scenarios whose descriptor describes other fields than the data's: the agent may refuse them. */
    public static final String OTHER_FIELDS = "other-fields/";

    private OverridesApp() {
    }

    public static void main(final String[] args) throws Exception {
        Map<String, String> lines = new LinkedHashMap<>();
        rename(lines, "rename/primitives", OldTick::sample, Map.of(OldTick.class, NewTick.class));
        // the object alone in its stream: nothing after it shows a misread
        Map<String, Class<?>> tick = Map.of(OldTick.class.getName(), NewTick.class);
        lines.put("rename/primitives-alone", readAlone(writeAlone(OldTick.sample()), in -> new Renaming(in, tick)));
        lines.put("lookup-every/OldTick-alone", readAlone(writeAlone(OldTick.sample()), LookupEvery::new));
        rename(lines, "rename/references", OldCustomer::sample, Map.of(OldCustomer.class, NewCustomer.class));
        rename(lines, "rename/final-fields", OldLine::sample, Map.of(OldLine.class, NewLine.class));
        rename(lines, "rename/write-read-object", OldAudited::sample, Map.of(OldAudited.class, NewAudited.class));
        rename(lines, "rename/hierarchy", OldChild::sample, Map.of(OldChild.class, NewChild.class,
                OldParent.class, NewParent.class));
        rename(lines, "rename/only-the-subclass", OldChild::sample, Map.of(OldChild.class, NewChild.class));
        for (Supplier<Object> sample : List.<Supplier<Object>>of(OldTick::sample, OldCustomer::sample,
                OldLine::sample, OldAudited::sample, OldChild::sample)) {
            String name = sample.get().getClass().getSimpleName();
            lines.put("lookup-every/" + name, read(write(sample.get()), LookupEvery::new));
            byte[] stream = write(sample.get());
            Map<String, ObjectStreamClass> kept = new ConcurrentHashMap<>();
            read(stream, in -> new Keeping(in, kept));
            lines.put("earlier-stream/" + name, read(write(sample.get()), in -> new Keeping(in, kept)));
            // the plain format's descriptors for converted data, and the other way round
            Map<String, ObjectStreamClass> plainFirst = new ConcurrentHashMap<>();
            read(writePlain(sample.get()), in -> new Keeping(in, plainFirst));
            lines.put("earlier-plain-stream/" + name, read(write(sample.get()), in -> new Keeping(in, plainFirst)));
            Map<String, ObjectStreamClass> convertedFirst = new ConcurrentHashMap<>();
            read(write(sample.get()), in -> new Keeping(in, convertedFirst));
            lines.put("earlier-converted-stream/" + name, read(writePlain(sample.get()),
                    in -> new Keeping(in, convertedFirst)));
        }
        rename(lines, OTHER_FIELDS + "primitives", OldTick::sample, Map.of(OldTick.class, WideTick.class));
        rename(lines, OTHER_FIELDS + "references", OldCustomer::sample, Map.of(OldCustomer.class,
                OtherCustomer.class));
        lines.forEach((k, v) -> System.out.println(k + ": " + v));
    }

    private static void rename(final Map<String, String> lines, final String label, final Supplier<Object> sample,
                               final Map<Class<?>, Class<?>> renames) throws IOException {
        Map<String, Class<?>> byName = new LinkedHashMap<>();
        renames.forEach((from, to) -> byName.put(from.getName(), to));
        lines.put(label, read(write(sample.get()), in -> new Renaming(in, byName)));
    }

    /** The object twice, then a string. */
    static byte[] write(final Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
            out.writeObject(o);
            out.writeObject("end");
        }
        return bytes.toByteArray();
    }

    /** As {@link #write}, in the plain format whatever the mode: a stream class that writes its descriptors itself. */
    static byte[] writePlain(final Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes) {
            @Override
            protected void writeClassDescriptor(final ObjectStreamClass desc) throws IOException {
                super.writeClassDescriptor(desc);
            }
        }) {
            out.writeObject(o);
            out.writeObject(o);
            out.writeObject("end");
        }
        return bytes.toByteArray();
    }

    static byte[] writeAlone(final Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    static String readAlone(final byte[] stream, final Reader reader) {
        try (ObjectInputStream in = reader.open(new ByteArrayInputStream(stream))) {
            return String.join(" | ", new GraphDump().graph(in.readObject()));
        } catch (Exception e) {
            return "threw " + e;
        }
    }

    interface Reader {
        ObjectInputStream open(InputStream in) throws IOException;
    }

    static String read(final byte[] stream, final Reader reader) {
        try (ObjectInputStream in = reader.open(new ByteArrayInputStream(stream))) {
            Object first = in.readObject();
            Object again = in.readObject();
            Object end = in.readObject();
            return String.join(" | ", new GraphDump().graph(first)) + " || same=" + (first == again) + " then "
                    + end;
        } catch (Exception e) {
            return "threw " + e;
        }
    }

    /** The usual migration of renamed classes. */
    static final class Renaming extends ObjectInputStream {
        private final Map<String, Class<?>> renames;

        Renaming(final InputStream in, final Map<String, Class<?>> renames) throws IOException {
            super(in);
            this.renames = renames;
        }

        @Override
        protected ObjectStreamClass readClassDescriptor() throws IOException, ClassNotFoundException {
            ObjectStreamClass read = super.readClassDescriptor();
            Class<?> to = renames.get(read.getName());
            return to == null ? read : ObjectStreamClass.lookup(to);
        }
    }

    /** The local descriptor of every class it finds. */
    static final class LookupEvery extends ObjectInputStream {
        LookupEvery(final InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected ObjectStreamClass readClassDescriptor() throws IOException, ClassNotFoundException {
            ObjectStreamClass read = super.readClassDescriptor();
            try {
                ObjectStreamClass local = ObjectStreamClass.lookup(Class.forName(read.getName(), false,
                        OverridesApp.class.getClassLoader()));
                return local == null ? read : local;
            } catch (ClassNotFoundException e) {
                return read;
            }
        }
    }

    /** The descriptor the first stream read of each class, for every later stream. */
    static final class Keeping extends ObjectInputStream {
        private final Map<String, ObjectStreamClass> kept;

        Keeping(final InputStream in, final Map<String, ObjectStreamClass> kept) throws IOException {
            super(in);
            this.kept = kept;
        }

        @Override
        protected ObjectStreamClass readClassDescriptor() throws IOException, ClassNotFoundException {
            ObjectStreamClass read = super.readClassDescriptor();
            ObjectStreamClass first = kept.putIfAbsent(read.getName(), read);
            return first == null ? read : first;
        }
    }
}
