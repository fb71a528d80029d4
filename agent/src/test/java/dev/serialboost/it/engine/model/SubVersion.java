package dev.serialboost.it.engine.model;

/** A subclass, for a descriptor chain whose superclass descriptor can be made to point back at the subclass. */
public class SubVersion extends Versioned {
    private static final long serialVersionUID = 1L;

    private final double weight;

    public SubVersion(final int count, final String label, final double weight) {
        super(count, label, null);
        this.weight = weight;
    }
}
