package dev.serialboost.corpus.hierarchy;

/** Not serializable and without any no-arg constructor. */
public class NoNoArgBase {
    protected final String required;

    public NoNoArgBase(final String required) {
        this.required = required;
    }
}
