package dev.serialboost.corpus.custom;

import java.io.ObjectStreamField;
import java.io.Serializable;

/** serialPersistentFields names only {@code a}: {@code b} is not serialized. SERIAL_PERSISTENT_FIELDS. */
public class PersistentFields implements Serializable {
    private static final long serialVersionUID = 102L;
    private static final ObjectStreamField[] serialPersistentFields = {
        new ObjectStreamField("a", int.class),
        new ObjectStreamField("name", String.class),
    };

    private int a;
    private int b;
    private String name;

    public PersistentFields(final int a, final int b, final String name) {
        this.a = a;
        this.b = b;
        this.name = name;
    }
}
