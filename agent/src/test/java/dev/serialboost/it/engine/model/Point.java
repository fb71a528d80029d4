package dev.serialboost.it.engine.model;

import java.io.Serializable;

/** A record: read through its canonical constructor. */
public record Point(int x, int y) implements Serializable {
}
