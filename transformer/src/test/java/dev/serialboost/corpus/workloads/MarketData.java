package dev.serialboost.corpus.workloads;

import java.io.Serializable;

/** DESIGN.md workload: all primitive, 18 fields. */
public class MarketData implements Serializable {
    private static final long serialVersionUID = 1L;

    long securityId;
    long time;
    double bidQty0, bidQty1, bidQty2, bidQty3;
    double askQty0, askQty1, askQty2, askQty3;
    double bidPrice0, bidPrice1, bidPrice2, bidPrice3;
    double askPrice0, askPrice1, askPrice2, askPrice3;

    static MarketData sample(final int seed) {
        MarketData m = new MarketData();
        m.securityId = 1_000_000_007L * seed;
        m.time = 1_700_000_000_000L + seed;
        m.bidQty0 = 100.5 + seed;
        m.bidQty1 = 200.25;
        m.bidQty2 = 300.125;
        m.bidQty3 = 0.1 * seed;
        m.askQty0 = 101;
        m.askQty1 = 202;
        m.askQty2 = 303;
        m.askQty3 = -404.75;
        m.bidPrice0 = 99.99;
        m.bidPrice1 = 99.98;
        m.bidPrice2 = 99.97;
        m.bidPrice3 = 99.96;
        m.askPrice0 = 100.01;
        m.askPrice1 = 100.02;
        m.askPrice2 = 100.03;
        m.askPrice3 = Math.PI * seed;
        return m;
    }
}
