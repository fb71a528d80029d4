package dev.serialboost.it.legacy.model;

import java.io.Serializable;

/** A record (never converted, read through its canonical constructor) holding converted objects. */
public record Leg(Trade trade, Side side, Quote quote) implements Serializable {
}
