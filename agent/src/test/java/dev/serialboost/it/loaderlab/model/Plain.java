package dev.serialboost.it.loaderlab.model;

import java.io.Serializable;

/** No methods of its own: its fields are read by the stream alone, at the top-level reader's loader. */
public class Plain implements Serializable {
    private static final long serialVersionUID = 1L;

    public Object first;
    public Object second;

    public Plain(final Object first, final Object second) {
        this.first = first;
        this.second = second;
    }
}
