package dev.serialboost.it.legacy.model;

import java.io.Serializable;

/**
 * All primitive, the MarketData workload of DESIGN.md: the agent writes it as one bulk record. No explicit
 * serialVersionUID, so a legacy stream only matches if the agent keeps the computed one.
 */
public class Quote implements Serializable {
    long securityId;
    long time;
    double bidQty0;
    double bidQty1;
    double bidQty2;
    double bidQty3;
    double askQty0;
    double askQty1;
    double askQty2;
    double askQty3;
    double bidPrice0;
    double bidPrice1;
    double bidPrice2;
    double bidPrice3;
    double askPrice0;
    double askPrice1;
    double askPrice2;
    double askPrice3;

    public static Quote sample(final int i) {
        Quote q = new Quote();
        q.securityId = 1_000_000L + i;
        q.time = 1_700_000_000_000L + i * 17L;
        q.bidQty0 = i;
        q.bidQty1 = i + 0.25;
        q.bidQty2 = -i;
        q.bidQty3 = Double.NaN;
        q.askQty0 = Double.longBitsToDouble(0x7ff8_0000_0000_0001L + i); // plain JDK streams hold canonical NaNs
        q.askQty1 = -0.0;
        q.askQty2 = Double.MIN_VALUE;
        q.askQty3 = Double.MAX_VALUE;
        q.bidPrice0 = 99.5 + i;
        q.bidPrice1 = 99.25 + i;
        q.bidPrice2 = 99.0 + i;
        q.bidPrice3 = Double.NEGATIVE_INFINITY;
        q.askPrice0 = 100.5 + i;
        q.askPrice1 = 100.75 + i;
        q.askPrice2 = 101.0 + i;
        q.askPrice3 = Double.POSITIVE_INFINITY;
        return q;
    }
}
