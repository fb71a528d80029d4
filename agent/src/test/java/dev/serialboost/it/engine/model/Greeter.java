package dev.serialboost.it.engine.model;

/** A public interface for dynamic proxies. */
public interface Greeter {
    String greet(String name);
}
