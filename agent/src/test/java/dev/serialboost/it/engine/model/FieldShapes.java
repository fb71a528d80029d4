package dev.serialboost.it.engine.model;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Class levels written by the JDK's {@code defaultWriteFields} in shapes it treats apart: reference fields declared
 * {@code unshared} next to shared ones holding the same object, as many reference fields as the engine holds itself
 * ({@code FieldSnapshots}: five) and more, and a field whose object, while it is written, changes a later field of
 * its holder (the JDK writes the value the later field held before the first was written); and on the reading side,
 * a class of one level whose fields the JDK sets only after it has read past what its {@code writeObject} added.
 */
public final class FieldShapes {

    private FieldShapes() {
    }

    /** {@code serialPersistentFields} with an unshared list, and the same list shared in another field. */
    public static class Unshared implements Serializable {
        private static final long serialVersionUID = 1L;
        private static final ObjectStreamField[] serialPersistentFields = {
            new ObjectStreamField("count", int.class),
            new ObjectStreamField("once", List.class, true),
            new ObjectStreamField("shared", List.class),
            new ObjectStreamField("name", String.class, true),
        };

        private final int count;
        private final List<String> once;
        private final List<String> shared;
        private final String name;

        public Unshared(final int count, final String name) {
            this.count = count;
            this.once = new ArrayList<>(List.of(name, "x"));
            this.shared = once;
            this.name = name;
        }
    }

    /** Six reference fields and two primitives. */
    public static class SixReferences implements Serializable {
        private static final long serialVersionUID = 1L;

        private final long id;
        private final Object a;
        private final Object b;
        private final String c;
        private final Object d;
        private final int[] e;
        private final Object f;
        private final boolean flag;

        public SixReferences(final long id, final Object shared) {
            this.id = id;
            this.a = shared;
            this.b = "b" + id;
            this.c = null;
            this.d = shared;
            this.e = new int[] {1, 2, 3};
            this.f = List.of(shared, "f");
            this.flag = true;
        }
    }

    /**
     * Five reference fields, as many as the engine holds itself, the last unshared ({@code serialPersistentFields});
     * the first one's object sets the last to null while it is written.
     */
    public static class FiveReferences implements Changed {
        private static final long serialVersionUID = 1L;
        private static final ObjectStreamField[] serialPersistentFields = {
            new ObjectStreamField("a", Changer.class),
            new ObjectStreamField("b", String.class),
            new ObjectStreamField("c", List.class),
            new ObjectStreamField("d", List.class),
            new ObjectStreamField("e", List.class, true),
            new ObjectStreamField("id", long.class),
        };

        private final Changer a;
        private final String b;
        private final List<String> c;
        private final List<String> d;
        private List<String> e;
        private final long id;

        public FiveReferences(final long id) {
            this.a = new Changer(this);
            this.b = "b" + id;
            this.c = new ArrayList<>(List.of("shared"));
            this.d = c;
            this.e = new ArrayList<>(List.of("unshared", b));
            this.id = id;
        }

        @Override
        public void change() {
            e = null;
        }
    }

    /** Its first field's object changes its second field while it is written. */
    public static class Snapshot implements Changed {
        private static final long serialVersionUID = 1L;

        private final Changer first;
        private Object second = "before";
        private Object third = "third";

        public Snapshot() {
            this.first = new Changer(this);
        }

        @Override
        public void change() {
            second = "changed while the first field was written";
            third = null;
        }
    }

    /** A holder whose later fields its {@link Changer} changes. */
    public interface Changed extends Serializable {
        /** Changes the holder's later fields. */
        void change();
    }

    /** Changes its holder's later fields from its {@code writeObject}. */
    public static class Changer implements Serializable {
        private static final long serialVersionUID = 1L;

        private final Changed holder;

        Changer(final Changed holder) {
            this.holder = holder;
        }

        private void writeObject(final ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            holder.change();
        }
    }

    /**
     * One level, a {@code writeObject} and no {@code readObject}: the reader reads the fields, then reads past the
     * object {@code writeObject} wrote after them (the JDK's {@code skipCustomData}), a {@link Witness} that notes in
     * {@link #notes} (read already, and shared) what the object being read holds at that moment. The JDK sets the
     * fields after that: the witness sees them unset (0 and null), wherever the engine may set a one-level object's
     * fields at once.
     */
    public static class LateFields implements Serializable {
        private static final long serialVersionUID = 1L;

        final int value;
        final Object[] notes;

        public LateFields(final int value) {
            this.value = value;
            this.notes = new Object[2];
        }

        private void writeObject(final ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeObject(new Witness(this));
        }
    }

    /** Notes, as it is read, what the {@link LateFields} it refers to holds. */
    public static class Witness implements Serializable {
        private static final long serialVersionUID = 1L;

        private final LateFields seen;
        private final Object[] notes;

        Witness(final LateFields seen) {
            this.seen = seen;
            this.notes = seen.notes;
        }

        private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            notes[0] = seen.value;
            notes[1] = seen.notes == null ? "notes unset" : "notes set";
        }
    }
}
