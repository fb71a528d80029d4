package dev.serialboost.bench.model;

import java.io.Serializable;

/**
 * The all-primitive workload of DESIGN.md: a top-of-book snapshot, two longs and sixteen doubles. Plain
 * {@code Serializable}, as legacy code has it; with the agent its level is copied as one bulk record
 * (or field by field with {@code bulk=off}).
 */
public class MarketData implements Serializable {
    private static final long serialVersionUID = 1L;

    private long securityId;
    private long time;
    private double bidQty0, bidQty1, bidQty2, bidQty3;
    private double askQty0, askQty1, askQty2, askQty3;
    private double bidPrice0, bidPrice1, bidPrice2, bidPrice3;
    private double askPrice0, askPrice1, askPrice2, askPrice3;

    /** Kryo and Fory instantiate through it; plain JDK reading does not run it. */
    public MarketData() {
    }

    /** A book with level {@code l} at {@code qty + l} / {@code price +- l/100}. */
    public MarketData(final long securityId, final long time, final double qty, final double price) {
        this.securityId = securityId;
        this.time = time;
        bidQty0 = qty; bidQty1 = qty + 1; bidQty2 = qty + 2; bidQty3 = qty + 3;
        askQty0 = qty + 0.5; askQty1 = qty + 1.5; askQty2 = qty + 2.5; askQty3 = qty + 3.5;
        bidPrice0 = price; bidPrice1 = price - 0.01; bidPrice2 = price - 0.02; bidPrice3 = price - 0.03;
        askPrice0 = price + 0.01; askPrice1 = price + 0.02; askPrice2 = price + 0.03; askPrice3 = price + 0.04;
    }

    public long securityId() { return securityId; }
    public long time() { return time; }
    public double bidQty0() { return bidQty0; }
    public double askPrice3() { return askPrice3; }
}
