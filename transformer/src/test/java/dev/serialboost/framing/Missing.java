package dev.serialboost.framing;

import java.io.Serializable;

/** The class a reader in FramingTest cannot find. */
public class Missing implements Serializable {
    private static final long serialVersionUID = 1L;

    int value;
    String text;

    public Missing(final int value, final String text) {
        this.value = value;
        this.text = text;
    }
}
