package dev.serialboost.it.engine.model;

import java.io.Serializable;

/**
 * The class the bad streams are made from. Same-length names for in-place replacement: {@code Versionex} (no
 * such class), {@link NotSerial}, {@link Externals}, {@link EnumNamed}.
 */
public class Versioned implements Serializable {
    private static final long serialVersionUID = 1L;

    private int count;
    private String label;
    private Object extra;

    public Versioned(final int count, final String label, final Object extra) {
        this.count = count;
        this.label = label;
        this.extra = extra;
    }
}
