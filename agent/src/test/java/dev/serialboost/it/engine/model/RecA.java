package dev.serialboost.it.engine.model;

import java.io.Serializable;

/** Written as {@link RecB}: component {@code y} changes from {@code long} to {@code int}. */
public record RecA(int x, long y) implements Serializable {
}
