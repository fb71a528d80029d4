package dev.serialboost.it.engine.model;

import java.io.Serializable;
import java.math.BigDecimal;

/** One line of a purchase order, with a back-reference to its order. */
public class OrderLine implements Serializable {
    private static final long serialVersionUID = 1L;

    private final PurchaseOrder order;
    private final int number;
    private final String sku;
    private final int quantity;
    private final BigDecimal unitPrice;

    public OrderLine(final PurchaseOrder order, final int number, final String sku, final int quantity,
                     final BigDecimal unitPrice) {
        this.order = order;
        this.number = number;
        this.sku = sku;
        this.quantity = quantity;
        this.unitPrice = unitPrice;
    }
}
