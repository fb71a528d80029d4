package dev.serialboost.it.safety;

import java.io.Serializable;

/** Final fields: the agent restores them through its runtime. */
public class Frozen implements Serializable {
    private static final long serialVersionUID = 3L;

    final long id;
    final Object payload;

    public Frozen(final long id, final Object payload) {
        this.id = id;
        this.payload = payload;
    }

    @Override
    public String toString() {
        return "Frozen(" + id + ", " + payload + ")";
    }
}
