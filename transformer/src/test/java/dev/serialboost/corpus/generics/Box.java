package dev.serialboost.corpus.generics;

import java.io.Serializable;
import java.util.List;

/** A generic class: fields of type T and List<T> (erased to Object and List). */
public class Box<T> implements Serializable {
    private static final long serialVersionUID = 120L;

    protected T value;
    protected List<T> items;

    public Box(final T value, final List<T> items) {
        this.value = value;
        this.items = items;
    }

    public T get() {
        return value;
    }
}
