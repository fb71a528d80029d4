package dev.serialboost.it.legacy.model;

/** Enums are written by name and never converted. */
public enum Side {
    BUY, SELL
}
