package dev.serialboost.corpus.graphs;

import java.io.Serializable;

/**
 * A superclass whose primitive key decides the hash code. Plain JDK reading of a subclass instance sets
 * no field of any level before all levels are read ({@code ObjectInputStream.readSerialData} defers them),
 * so the key is still 0 while the subclass's set, which contains the object itself, is read.
 */
public class KeyedBase implements Serializable {
    private static final long serialVersionUID = 149L;

    int key;

    @Override
    public int hashCode() {
        return key;
    }

    @Override
    public boolean equals(final Object o) {
        return o instanceof KeyedBase k && k.key == key;
    }
}
