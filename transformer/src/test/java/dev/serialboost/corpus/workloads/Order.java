package dev.serialboost.corpus.workloads;

import java.io.Serializable;

/** DESIGN.md workload: all fields final, no no-arg constructor. */
public final class Order implements Serializable {
    private static final long serialVersionUID = 3L;

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

    static Order sample(final int seed) {
        double[] prices = new double[10];
        long[] quantities = new long[10];
        for (int i = 0; i < 10; i++) {
            prices[i] = 10.0 * seed + i / 8.0;
            quantities[i] = 1000L * seed - i;
        }
        return new Order(77L + seed, seed % 2 == 1, 4200 + seed, seed % 5, prices, quantities);
    }
}
