package dev.serialboost.corpus.custom;

import java.io.Serializable;

/** Converted, but holds an object that is not serializable: writing fails with NotSerializableException. */
public class HoldsNonSerializable implements Serializable {
    private static final long serialVersionUID = 111L;

    /** Not serializable. */
    public static final class Opaque {
        final int handle;

        Opaque(final int handle) {
            this.handle = handle;
        }
    }

    private int before;
    private Object payload;

    public HoldsNonSerializable(final int before, final Object payload) {
        this.before = before;
        this.payload = payload;
    }
}
