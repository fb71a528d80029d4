package dev.serialboost.it.engine.model;

/** A package-private interface: its proxies are defined in this package, by this class's loader. */
interface Secret {
    int code();
}
