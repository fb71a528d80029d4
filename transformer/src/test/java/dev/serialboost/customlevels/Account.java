package dev.serialboost.customlevels;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/** writeObject/readObject around defaultWriteObject/defaultReadObject, with a trailer after the default part. */
public class Account implements Serializable {
    private static final long serialVersionUID = 1L;

    long id;
    double balance;
    String owner;
    Witness witness = new Witness();
    private transient int trailer;

    public Account(final long id, final double balance, final String owner) {
        this.id = id;
        this.balance = balance;
        this.owner = owner;
    }

    private void writeObject(final ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeInt(owner.length());
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        trailer = in.readInt();
        if (trailer != owner.length()) {
            throw new InvalidObjectException("trailer " + trailer + " does not match");
        }
    }
}
