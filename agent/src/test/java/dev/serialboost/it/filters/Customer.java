package dev.serialboost.it.filters;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A business graph: a record, an enum, JDK collections, a {@code BigDecimal}, an array, a back-reference. */
public class Customer implements Serializable {
    private static final long serialVersionUID = 1L;

    String name;
    Address address;
    Level level;
    BigDecimal balance;
    List<String> tags = new ArrayList<>();
    Map<String, Integer> attributes = new HashMap<>();
    Address[] previous;
    Customer referredBy;

    static Customer sample(final int n) {
        Customer c = new Customer();
        c.name = "customer " + n;
        c.address = new Address("street " + n, "city");
        c.level = n % 2 == 0 ? Level.GOLD : Level.BRONZE;
        c.balance = new BigDecimal("12.50").multiply(BigDecimal.valueOf(n));
        c.tags.add("a");
        c.tags.add("b" + n);
        c.attributes.put("visits", n);
        c.previous = new Address[] {c.address, new Address("old " + n, "town")};
        c.referredBy = c;
        return c;
    }
}
