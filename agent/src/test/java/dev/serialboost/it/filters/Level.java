package dev.serialboost.it.filters;

/** An enum in {@link Customer}. */
public enum Level {
    BRONZE, GOLD
}
