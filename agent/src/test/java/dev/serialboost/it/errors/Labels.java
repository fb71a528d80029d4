package dev.serialboost.it.errors;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/** The classes {@link ErrorsApp} writes: each has {@code String} fields a writer may give another value. */
public final class Labels {

    private Labels() {
    }

    public static class Labelled implements Serializable {
        private static final long serialVersionUID = 1L;
        String label;
        int n;

        public static Labelled of(final String label) {
            Labelled l = new Labelled();
            l.label = label;
            l.n = 5;
            return l;
        }
    }

    public static class Base implements Serializable {
        private static final long serialVersionUID = 2L;
        String baseLabel;
        Object any;
    }

    /** Two converted levels, each with a String field. */
    public static class Child extends Base {
        private static final long serialVersionUID = 3L;
        String childLabel;
        long v;

        public static Child of(final String base, final String child) {
            Child c = new Child();
            c.baseLabel = base;
            c.any = "any";
            c.childLabel = child;
            c.v = 9L;
            return c;
        }
    }

    /** Final fields, no no-arg constructor. */
    public static class Frozen implements Serializable {
        private static final long serialVersionUID = 4L;
        final String label;
        final int n;

        public Frozen(final String label, final int n) {
            this.label = label;
            this.n = n;
        }
    }

    /** Its own writeObject/readObject around the default data. */
    public static class Audited implements Serializable {
        private static final long serialVersionUID = 5L;
        String label;
        transient int extra;

        public static Audited of(final String label) {
            Audited a = new Audited();
            a.label = label;
            a.extra = 12;
            return a;
        }

        private void writeObject(final ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(extra);
        }

        private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            extra = in.readInt();
        }
    }

    /** Holds objects of the other classes, which come first in its data. */
    public static class Box implements Serializable {
        private static final long serialVersionUID = 6L;
        Object content;
        String note;

        public static Box of(final Object content, final String note) {
            Box b = new Box();
            b.content = content;
            b.note = note;
            return b;
        }
    }
}
