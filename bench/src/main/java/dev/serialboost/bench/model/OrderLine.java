package dev.serialboost.bench.model;

import java.io.Serializable;
import java.math.BigDecimal;

/** One line of a {@link CustomerOrder}: a product, a quantity, {@code BigDecimal} prices and its order (a cycle). */
public class OrderLine implements Serializable {
    private static final long serialVersionUID = 1L;

    private CustomerOrder order;
    private int lineNumber;
    private String sku;
    private int quantity;
    private BigDecimal unitPrice;
    private BigDecimal discount;

    /** Kryo and Fory instantiate through it; plain JDK reading does not run it. */
    public OrderLine() {
    }

    public OrderLine(final CustomerOrder order, final int lineNumber, final String sku, final int quantity,
                     final BigDecimal unitPrice, final BigDecimal discount) {
        this.order = order;
        this.lineNumber = lineNumber;
        this.sku = sku;
        this.quantity = quantity;
        this.unitPrice = unitPrice;
        this.discount = discount;
    }

    public CustomerOrder order() { return order; }
    public BigDecimal unitPrice() { return unitPrice; }
}
