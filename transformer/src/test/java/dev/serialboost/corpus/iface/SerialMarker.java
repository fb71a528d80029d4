package dev.serialboost.corpus.iface;

import java.io.Serializable;

/** An interface that extends Serializable. */
public interface SerialMarker extends Serializable {
    int id();
}
