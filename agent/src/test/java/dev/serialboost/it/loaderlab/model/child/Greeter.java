package dev.serialboost.it.loaderlab.model.child;

/** An interface proxies implement: "web" and "module" each define it. */
public interface Greeter {
    String greet(String whom);
}
