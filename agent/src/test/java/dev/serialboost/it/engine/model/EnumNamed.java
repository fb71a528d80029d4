package dev.serialboost.it.engine.model;

/** An enum whose name has the length of {@link Versioned}'s. */
public enum EnumNamed {
    ONE
}
