package dev.serialboost.bench.model;

import java.io.Serializable;

/**
 * The immutable workload of DESIGN.md: final fields, no no-arg constructor, ten price and quantity legs.
 * Converted, it is instantiated as plain JDK instantiates it (the first non-serializable superclass's no-arg
 * constructor) and its final fields are stored through the agent's runtime.
 */
public class Order implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Length of {@link #prices()} and {@link #quantities()}. */
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

    public long sourceId() { return sourceId; }
    public double[] prices() { return prices; }
    public long[] quantities() { return quantities; }
}
