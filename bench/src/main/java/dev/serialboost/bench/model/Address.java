package dev.serialboost.bench.model;

import java.io.Serializable;

/** A postal address of a {@link Customer}: four Strings. */
public class Address implements Serializable {
    private static final long serialVersionUID = 1L;

    private String street;
    private String city;
    private String postcode;
    private String country;

    /** Kryo and Fory instantiate through it; plain JDK reading does not run it. */
    public Address() {
    }

    public Address(final String street, final String city, final String postcode, final String country) {
        this.street = street;
        this.city = city;
        this.postcode = postcode;
        this.country = country;
    }

    public String city() { return city; }
}
