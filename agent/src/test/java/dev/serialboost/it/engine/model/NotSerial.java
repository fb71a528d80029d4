package dev.serialboost.it.engine.model;

/** Not serializable; its name has the length of {@link Versioned}'s. */
public class NotSerial {
    private int count;
}
