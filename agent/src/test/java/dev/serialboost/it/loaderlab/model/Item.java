package dev.serialboost.it.loaderlab.model;

import java.io.Serializable;

/** A plain class with a reference that can hold anything. */
public class Item implements Serializable {
    private static final long serialVersionUID = 1L;

    public String name;
    public int quantity;
    public Object extra;

    public Item(final String name, final int quantity, final Object extra) {
        this.name = name;
        this.quantity = quantity;
        this.extra = extra;
    }
}
