package dev.serialboost.it.safety.tenant2;

import java.io.Serializable;

/** Tenant 2's class of the name {@code Widget}: the same stream shape as the other tenant's. */
public class Widget implements Serializable {
    private static final long serialVersionUID = 1L;

    int size;
    String label;
    int[] codes;

    public Widget(final int size, final String label) {
        this.size = size;
        this.label = label;
        this.codes = new int[] {size, size + 1};
    }
}
