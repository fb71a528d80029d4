package dev.serialboost.corpus.iface;

/** NOT serializable; fields of this type hold serializable implementations. */
public interface Shape {
    double area();
}
