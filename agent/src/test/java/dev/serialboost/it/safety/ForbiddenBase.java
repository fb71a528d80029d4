package dev.serialboost.it.safety;

/** Not serializable: its no-arg constructor runs once for every Forbidden that is instantiated. */
public class ForbiddenBase {
    public ForbiddenBase() {
        Counters.forbiddenBaseConstructed++;
    }
}
