package dev.serialboost.bench.model;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Date;

/**
 * A class with its own {@code writeObject} and {@code readObject}, as many library and business classes have them:
 * the default fields, then a checksum of them written after the default part and checked on reading, and a
 * derived transient value computed on reading. With {@code convert=all} its default part is converted and its own
 * methods run for the rest.
 */
public class Position implements Serializable {
    private static final long serialVersionUID = 1L;

    private String account;
    private String symbol;
    private long quantity;
    private double averagePrice;
    private double lastPrice;
    private Date opened;
    private transient double marketValue;

    /** Kryo and Fory instantiate through it; plain JDK reading does not run it. */
    public Position() {
    }

    public Position(final String account, final String symbol, final long quantity, final double averagePrice,
                    final double lastPrice, final Date opened) {
        this.account = account;
        this.symbol = symbol;
        this.quantity = quantity;
        this.averagePrice = averagePrice;
        this.lastPrice = lastPrice;
        this.opened = opened;
        this.marketValue = quantity * lastPrice;
    }

    public double marketValue() { return marketValue; }

    private long checksum() {
        long h = quantity * 31 + Double.doubleToLongBits(averagePrice);
        h = h * 31 + Double.doubleToLongBits(lastPrice);
        return h * 31 + symbol.hashCode();
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeLong(checksum());
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (in.readLong() != checksum()) {
            throw new InvalidObjectException("Position checksum does not match its fields");
        }
        marketValue = quantity * lastPrice;
    }
}
