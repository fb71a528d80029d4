package dev.serialboost.bench.model;

/** Where a {@link CustomerOrder} stands; an enum, written by the JDK as its name. */
public enum OrderStatus {
    NEW, CONFIRMED, PACKED, SHIPPED, DELIVERED, CANCELLED
}
