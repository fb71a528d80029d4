package dev.serialboost.demo.market;

import java.io.Serializable;

/**
 * A top-of-book snapshot: four price levels a side, all primitive fields. The hot message of the feed.
 */
public class MarketData implements Serializable {
    private static final long serialVersionUID = 1L;

    private long securityId;
    private long time;
    private double bidQty0, bidQty1, bidQty2, bidQty3;
    private double askQty0, askQty1, askQty2, askQty3;
    private double bidPrice0, bidPrice1, bidPrice2, bidPrice3;
    private double askPrice0, askPrice1, askPrice2, askPrice3;

    public MarketData() {
    }

    public MarketData(final long securityId, final long time) {
        this.securityId = securityId;
        this.time = time;
    }

    /** Sets one book level (0 = best). */
    public void setLevel(final int level, final double bidQty, final double bidPrice, final double askQty,
                         final double askPrice) {
        switch (level) {
            case 0 -> { bidQty0 = bidQty; bidPrice0 = bidPrice; askQty0 = askQty; askPrice0 = askPrice; }
            case 1 -> { bidQty1 = bidQty; bidPrice1 = bidPrice; askQty1 = askQty; askPrice1 = askPrice; }
            case 2 -> { bidQty2 = bidQty; bidPrice2 = bidPrice; askQty2 = askQty; askPrice2 = askPrice; }
            case 3 -> { bidQty3 = bidQty; bidPrice3 = bidPrice; askQty3 = askQty; askPrice3 = askPrice; }
            default -> throw new IllegalArgumentException("level " + level);
        }
    }

    public long getSecurityId() { return securityId; }
    public long getTime() { return time; }

    public double getBidQty(final int level) {
        return switch (level) { case 0 -> bidQty0; case 1 -> bidQty1; case 2 -> bidQty2; case 3 -> bidQty3;
            default -> throw new IllegalArgumentException("level " + level); };
    }

    public double getAskQty(final int level) {
        return switch (level) { case 0 -> askQty0; case 1 -> askQty1; case 2 -> askQty2; case 3 -> askQty3;
            default -> throw new IllegalArgumentException("level " + level); };
    }

    public double getBidPrice(final int level) {
        return switch (level) { case 0 -> bidPrice0; case 1 -> bidPrice1; case 2 -> bidPrice2; case 3 -> bidPrice3;
            default -> throw new IllegalArgumentException("level " + level); };
    }

    public double getAskPrice(final int level) {
        return switch (level) { case 0 -> askPrice0; case 1 -> askPrice1; case 2 -> askPrice2; case 3 -> askPrice3;
            default -> throw new IllegalArgumentException("level " + level); };
    }
}
