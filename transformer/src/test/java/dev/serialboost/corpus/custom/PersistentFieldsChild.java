package dev.serialboost.corpus.custom;

import java.io.ObjectStreamField;

/** A subclass with serialPersistentFields under a converted superclass: writing it must fail loudly. */
public class PersistentFieldsChild extends ConvertedParent {
    private static final long serialVersionUID = 105L;
    private static final ObjectStreamField[] serialPersistentFields = {
        new ObjectStreamField("kept", String.class),
    };

    private String kept;
    private String notKept;

    public PersistentFieldsChild(final String kept) {
        super(1, "parent-of-persistent");
        this.kept = kept;
        this.notKept = kept + "?";
    }

    public String kept() {
        return kept;
    }

    public String notKept() {
        return notKept;
    }
}
