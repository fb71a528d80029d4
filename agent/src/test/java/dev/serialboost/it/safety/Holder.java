package dev.serialboost.it.safety;

import java.io.Serializable;

/** A class the agent converts, with a reference field through which the filtered things are reached. */
public class Holder implements Serializable {
    private static final long serialVersionUID = 2L;

    int id;
    Object payload;

    public Holder(final int id, final Object payload) {
        this.id = id;
        this.payload = payload;
    }

    @Override
    public String toString() {
        String p = payload instanceof Object[] a ? "Object[" + a.length + "]"
                : payload instanceof int[] a ? "int[" + a.length + "]" : String.valueOf(payload);
        return "Holder(" + id + ", " + p + ")";
    }
}
