package dev.serialboost.demo.market;

import java.io.Serializable;

/** An immutable order: final fields, no no-arg constructor, ten price/quantity legs. */
public class Order implements Serializable {
    private static final long serialVersionUID = 1L;

    public static final int LEGS = 10;

    private final long sourceId;
    private final boolean special;
    private final int orderCode;
    private final int priority;
    private final double[] prices;
    private final long[] quantities;

    public Order(final long sourceId, final boolean special, final int orderCode, final int priority,
                 final double[] prices, final long[] quantities) {
        this.sourceId = sourceId;
        this.special = special;
        this.orderCode = orderCode;
        this.priority = priority;
        this.prices = prices;
        this.quantities = quantities;
    }

    public long getSourceId() { return sourceId; }
    public boolean isSpecial() { return special; }
    public int getOrderCode() { return orderCode; }
    public int getPriority() { return priority; }
    public double[] getPrices() { return prices; }
    public long[] getQuantities() { return quantities; }
}
