package dev.serialboost.it.safety;

/** What FilterApp counts in the class loader that reads: runs of Forbidden's base constructor and static initializer. */
public final class Counters {
    public static int forbiddenBaseConstructed;
    public static int forbiddenInitialized;

    private Counters() {
    }
}
