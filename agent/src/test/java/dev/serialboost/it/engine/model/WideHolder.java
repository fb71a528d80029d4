package dev.serialboost.it.engine.model;

import java.io.Serializable;

/** Written as {@link SlimHolder} (same name length, same serialVersionUID): {@code ghost} has no local field. */
public class WideHolder implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int id;
    private final Object value;
    private final Object ghost;

    public WideHolder(final int id, final Object value, final Object ghost) {
        this.id = id;
        this.value = value;
        this.ghost = ghost;
    }
}
