package dev.serialboost.it.engine.model;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * DESIGN.md's business graph: an order with a customer, an address, lines with {@code BigDecimal} prices and a
 * back-reference to the order, a {@code LocalDate}, an enum and a {@code HashMap} of attributes.
 */
public class PurchaseOrder implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String number;
    private final Customer customer;
    private final LocalDate placed;
    private OrderStatus status;
    private final List<OrderLine> lines = new ArrayList<>();
    private final Map<String, String> attributes = new HashMap<>();
    private BigDecimal total;
    private transient int views = 3;

    public PurchaseOrder(final String number, final Customer customer, final LocalDate placed) {
        this.number = number;
        this.customer = customer;
        this.placed = placed;
        this.status = OrderStatus.NEW;
    }

    /** A deterministic order: {@code seed} varies numbers, names and the line count. */
    public static PurchaseOrder sample(final int seed) {
        Address home = new Address(seed + " Main Street", "Springfield", "SP" + (1000 + seed), "US");
        Customer customer = new Customer(4_000L + seed, "Customer \u00e9" + seed, home,
                seed % 2 == 0 ? home : new Address("1 Dock Road", "Shelbyville", "SH1", "US"),
                LocalDate.of(2019, 1 + seed % 12, 1 + seed % 28));
        PurchaseOrder order = new PurchaseOrder("PO-" + (10_000 + seed), customer, LocalDate.of(2024, 2, 29));
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 1; i <= 3 + seed % 3; i++) {
            BigDecimal price = new BigDecimal("19.99").multiply(BigDecimal.valueOf(i)).add(new BigDecimal("0.001"));
            order.lines.add(new OrderLine(order, i, "SKU-" + seed + "-" + i, i * 2, price));
            total = total.add(price.multiply(BigDecimal.valueOf(i * 2L)));
        }
        order.total = total;
        order.status = OrderStatus.values()[seed % OrderStatus.values().length];
        order.attributes.put("channel", seed % 2 == 0 ? "web" : "phone");
        order.attributes.put("priority", Integer.toString(seed % 4));
        order.attributes.put("note", null);
        return order;
    }
}
