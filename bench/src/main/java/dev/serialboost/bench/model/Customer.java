package dev.serialboost.bench.model;

import java.io.Serializable;

/**
 * The buyer of a {@link CustomerOrder}: an id, two Strings and two addresses, which are often the same object
 * (billing = shipping), so a serializer must keep that identity.
 */
public class Customer implements Serializable {
    private static final long serialVersionUID = 1L;

    private long customerId;
    private String name;
    private String email;
    private Address billingAddress;
    private Address shippingAddress;

    /** Kryo and Fory instantiate through it; plain JDK reading does not run it. */
    public Customer() {
    }

    public Customer(final long customerId, final String name, final String email, final Address billingAddress,
                    final Address shippingAddress) {
        this.customerId = customerId;
        this.name = name;
        this.email = email;
        this.billingAddress = billingAddress;
        this.shippingAddress = shippingAddress;
    }

    public long customerId() { return customerId; }
    public Address billingAddress() { return billingAddress; }
    public Address shippingAddress() { return shippingAddress; }
}
