package dev.serialboost.corpus.generics;

import java.util.List;

/** A generic superclass (Box<String>) with a covariant override (bridge method). */
public class StringBox extends Box<String> {
    private static final long serialVersionUID = 121L;

    private String suffix;

    public StringBox(final String value, final List<String> items, final String suffix) {
        super(value, items);
        this.suffix = suffix;
    }

    @Override
    public String get() {
        return value + suffix;
    }
}
