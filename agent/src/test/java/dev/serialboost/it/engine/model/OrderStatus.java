package dev.serialboost.it.engine.model;

/** Where a purchase order stands. */
public enum OrderStatus {
    NEW, PAID, SHIPPED, CANCELLED
}
