package dev.serialboost.it.legacy.model;

import java.io.Serializable;

/** The Order workload: final fields only, no no-arg constructor. */
public final class Trade implements Serializable {
    private static final long serialVersionUID = 7L;

    private final long id;
    private final boolean buy;
    private final int quantity;
    private final int venue;
    private final char currency;
    private final String symbol;
    private final double[] prices;
    private final long[] sizes;

    public Trade(final long id, final boolean buy, final String symbol) {
        this.id = id;
        this.buy = buy;
        this.quantity = (int) id * 100;
        this.venue = (int) (id % 3);
        this.currency = buy ? '\u20ac' : '$';
        this.symbol = symbol;
        this.prices = new double[10];
        this.sizes = new long[10];
        for (int i = 0; i < 10; i++) {
            prices[i] = id + i / 8.0;
            sizes[i] = id * 1000 + i;
        }
    }
}
