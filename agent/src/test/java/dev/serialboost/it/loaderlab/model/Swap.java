package dev.serialboost.it.loaderlab.model;

import java.io.Serializable;
import java.util.function.Function;

/** Its {@code readResolve} returns what {@link #replacer} makes of it, an object of another loader if so set. */
public class Swap implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Set per loader by the suite; null: the object itself. */
    public static Function<Object, Object> replacer;

    public Object inside;

    public Swap(final Object inside) {
        this.inside = inside;
    }

    private Object readResolve() {
        return replacer == null ? this : replacer.apply(inside);
    }
}
