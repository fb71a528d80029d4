package dev.serialboost.corpus.values;

public enum Unit {
    METRE, SECOND
}
