package dev.serialboost.it.engine.model;

import java.io.Serializable;

/** The reader's version of {@link RecA}. */
public record RecB(int x, int y) implements Serializable {
}
