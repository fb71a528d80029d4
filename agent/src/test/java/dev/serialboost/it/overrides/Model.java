package dev.serialboost.it.overrides;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The classes {@link OverridesApp} writes and reads: each {@code Old*} class has a {@code New*} twin with the same
 * serializable fields and serialVersionUID under another name (the target of a rename migration), and a few
 * classes of other fields.
 */
public final class Model {

    private Model() {
    }

    /** All primitive: a bulk record in the converted format. */
    public static class OldTick implements Serializable {
        private static final long serialVersionUID = 1L;
        long time;
        double bid;
        double ask;
        int size;
        short venue;
        boolean last;

        public static OldTick sample() {
            OldTick t = new OldTick();
            t.time = 1_700_000_000_123L;
            t.bid = 101.25;
            t.ask = 101.5;
            t.size = -300;
            t.venue = 7;
            t.last = true;
            return t;
        }
    }

    public static class NewTick implements Serializable {
        private static final long serialVersionUID = 1L;
        long time;
        double bid;
        double ask;
        int size;
        short venue;
        boolean last;
    }

    /** Another field set under the same serialVersionUID. */
    public static class WideTick implements Serializable {
        private static final long serialVersionUID = 1L;
        long time;
        double bid;
        long volume;
    }

    public static class Address implements Serializable {
        private static final long serialVersionUID = 3L;
        String city;
        int zip;

        Address(final String city, final int zip) {
            this.city = city;
            this.zip = zip;
        }
    }

    /** References: a string, a list, a shared object, a reference to itself. */
    public static class OldCustomer implements Serializable {
        private static final long serialVersionUID = 2L;
        String name;
        List<String> tags;
        Address address;
        Object self;
        int rank;

        public static OldCustomer sample() {
            OldCustomer c = new OldCustomer();
            c.name = "Ada";
            c.tags = new ArrayList<>(List.of("gold", "eu"));
            c.address = new Address("Turin", 10121);
            c.self = c;
            c.rank = 3;
            return c;
        }
    }

    public static class NewCustomer implements Serializable {
        private static final long serialVersionUID = 2L;
        String name;
        List<String> tags;
        Address address;
        Object self;
        int rank;
    }

    /** References of other names under the same serialVersionUID. */
    public static class OtherCustomer implements Serializable {
        private static final long serialVersionUID = 2L;
        String name;
        String email;
        int rank;
    }

    /** Final fields, no no-arg constructor. */
    public static class OldLine implements Serializable {
        private static final long serialVersionUID = 4L;
        final long id;
        final String sku;
        final double[] prices;

        OldLine(final long id, final String sku, final double[] prices) {
            this.id = id;
            this.sku = sku;
            this.prices = prices;
        }

        public static OldLine sample() {
            return new OldLine(42L, "SKU-1", new double[] {1.5, 2.5});
        }
    }

    public static class NewLine implements Serializable {
        private static final long serialVersionUID = 4L;
        final long id;
        final String sku;
        final double[] prices;

        NewLine(final long id, final String sku, final double[] prices) {
            this.id = id;
            this.sku = sku;
            this.prices = prices;
        }
    }

    /** Its own writeObject/readObject around the default data. */
    public static class OldAudited implements Serializable {
        private static final long serialVersionUID = 5L;
        int count;
        String owner;
        transient String note;

        public static OldAudited sample() {
            OldAudited a = new OldAudited();
            a.count = 9;
            a.owner = "ops";
            a.note = "checked";
            return a;
        }

        private void writeObject(final ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeUTF(note);
        }

        private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            note = in.readUTF();
        }
    }

    public static class NewAudited implements Serializable {
        private static final long serialVersionUID = 5L;
        int count;
        String owner;
        transient String note;

        private void writeObject(final ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeUTF(note);
        }

        private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            note = in.readUTF();
        }
    }

    /** A hierarchy of two converted levels, both renamed. */
    public static class OldParent implements Serializable {
        private static final long serialVersionUID = 6L;
        int level = 1;
        String tag;
    }

    public static class OldChild extends OldParent {
        private static final long serialVersionUID = 7L;
        long weight;
        OldTick tick;

        public static OldChild sample() {
            OldChild c = new OldChild();
            c.tag = "parent-part";
            c.weight = 77L;
            c.tick = OldTick.sample();
            return c;
        }
    }

    public static class NewParent implements Serializable {
        private static final long serialVersionUID = 6L;
        int level = 1;
        String tag;
    }

    public static class NewChild extends NewParent {
        private static final long serialVersionUID = 7L;
        long weight;
        OldTick tick;
    }
}
