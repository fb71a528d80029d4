package dev.serialboost.bench.handwritten;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/** {@link dev.serialboost.bench.model.MarketData}, made {@code Externalizable} by hand. */
public class HandMarketData implements Externalizable {
    private static final long serialVersionUID = 1L;

    private long securityId;
    private long time;
    private double bidQty0, bidQty1, bidQty2, bidQty3;
    private double askQty0, askQty1, askQty2, askQty3;
    private double bidPrice0, bidPrice1, bidPrice2, bidPrice3;
    private double askPrice0, askPrice1, askPrice2, askPrice3;

    public HandMarketData() {
    }

    public HandMarketData(final long securityId, final long time, final double qty, final double price) {
        this.securityId = securityId;
        this.time = time;
        bidQty0 = qty; bidQty1 = qty + 1; bidQty2 = qty + 2; bidQty3 = qty + 3;
        askQty0 = qty + 0.5; askQty1 = qty + 1.5; askQty2 = qty + 2.5; askQty3 = qty + 3.5;
        bidPrice0 = price; bidPrice1 = price - 0.01; bidPrice2 = price - 0.02; bidPrice3 = price - 0.03;
        askPrice0 = price + 0.01; askPrice1 = price + 0.02; askPrice2 = price + 0.03; askPrice3 = price + 0.04;
    }

    @Override
    public void writeExternal(final ObjectOutput out) throws IOException {
        out.writeLong(securityId);
        out.writeLong(time);
        out.writeDouble(bidQty0); out.writeDouble(bidQty1); out.writeDouble(bidQty2); out.writeDouble(bidQty3);
        out.writeDouble(askQty0); out.writeDouble(askQty1); out.writeDouble(askQty2); out.writeDouble(askQty3);
        out.writeDouble(bidPrice0); out.writeDouble(bidPrice1); out.writeDouble(bidPrice2); out.writeDouble(bidPrice3);
        out.writeDouble(askPrice0); out.writeDouble(askPrice1); out.writeDouble(askPrice2); out.writeDouble(askPrice3);
    }

    @Override
    public void readExternal(final ObjectInput in) throws IOException {
        securityId = in.readLong();
        time = in.readLong();
        bidQty0 = in.readDouble(); bidQty1 = in.readDouble(); bidQty2 = in.readDouble(); bidQty3 = in.readDouble();
        askQty0 = in.readDouble(); askQty1 = in.readDouble(); askQty2 = in.readDouble(); askQty3 = in.readDouble();
        bidPrice0 = in.readDouble(); bidPrice1 = in.readDouble(); bidPrice2 = in.readDouble();
        bidPrice3 = in.readDouble();
        askPrice0 = in.readDouble(); askPrice1 = in.readDouble(); askPrice2 = in.readDouble();
        askPrice3 = in.readDouble();
    }
}
