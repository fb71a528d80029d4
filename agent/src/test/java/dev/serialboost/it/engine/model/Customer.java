package dev.serialboost.it.engine.model;

import java.io.Serializable;
import java.time.LocalDate;

/** A customer with a billing and a shipping address (the same object when they are equal). */
public class Customer implements Serializable {
    private static final long serialVersionUID = 1L;

    private final long id;
    private final String name;
    private final Address billing;
    private final Address shipping;
    private final LocalDate since;

    public Customer(final long id, final String name, final Address billing, final Address shipping,
                    final LocalDate since) {
        this.id = id;
        this.name = name;
        this.billing = billing;
        this.shipping = shipping;
        this.since = since;
    }
}
