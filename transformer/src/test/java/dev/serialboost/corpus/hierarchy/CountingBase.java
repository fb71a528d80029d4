package dev.serialboost.corpus.hierarchy;

/** Not serializable. Its public no-arg constructor sets state and counts; the JDK runs it on every read. */
public class CountingBase {
    public static int created;

    protected String baseState;
    protected int baseNumber;
    protected transient Object baseTransient;

    public CountingBase() {
        baseState = "set-by-no-arg-ctor";
        baseNumber = 42;
        baseTransient = "base-transient";
        created++;
    }

    public CountingBase(final String state, final int number) {
        baseState = state;
        baseNumber = number;
        created += 100;
    }
}
