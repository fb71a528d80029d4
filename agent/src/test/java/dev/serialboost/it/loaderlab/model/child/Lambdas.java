package dev.serialboost.it.loaderlab.model.child;

import java.io.Serializable;
import java.util.function.Supplier;

/** Makes serializable lambdas, whose capturing class ("web"'s or "module"'s) is named in their stream. */
public final class Lambdas {

    private Lambdas() {
    }

    public static Supplier<String> make(final String text) {
        return (Supplier<String> & Serializable) () -> "lambda:" + text;
    }
}
