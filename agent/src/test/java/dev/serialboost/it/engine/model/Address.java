package dev.serialboost.it.engine.model;

import java.io.Serializable;

/** A customer's address. */
public class Address implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String street;
    private final String city;
    private final String postcode;
    private final String country;

    public Address(final String street, final String city, final String postcode, final String country) {
        this.street = street;
        this.city = city;
        this.postcode = postcode;
        this.country = country;
    }
}
