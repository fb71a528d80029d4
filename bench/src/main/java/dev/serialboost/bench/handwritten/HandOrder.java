package dev.serialboost.bench.handwritten;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/**
 * {@link dev.serialboost.bench.model.Order}, made {@code Externalizable} by hand: {@code readExternal} must
 * assign the fields, so they are no longer {@code final}, and a public no-arg constructor is required.
 */
public class HandOrder implements Externalizable {
    private static final long serialVersionUID = 1L;

    private long sourceId;
    private boolean special;
    private int orderCode;
    private int priority;
    private double[] prices;
    private long[] quantities;

    public HandOrder() {
    }

    public HandOrder(final long sourceId, final boolean special, final int orderCode, final int priority,
                     final double[] prices, final long[] quantities) {
        this.sourceId = sourceId;
        this.special = special;
        this.orderCode = orderCode;
        this.priority = priority;
        this.prices = prices;
        this.quantities = quantities;
    }

    @Override
    public void writeExternal(final ObjectOutput out) throws IOException {
        out.writeLong(sourceId);
        out.writeBoolean(special);
        out.writeInt(orderCode);
        out.writeInt(priority);
        out.writeObject(prices);
        out.writeObject(quantities);
    }

    @Override
    public void readExternal(final ObjectInput in) throws IOException, ClassNotFoundException {
        sourceId = in.readLong();
        special = in.readBoolean();
        orderCode = in.readInt();
        priority = in.readInt();
        prices = (double[]) in.readObject();
        quantities = (long[]) in.readObject();
    }
}
