package dev.serialboost.corpus.ctor;

/** Not serializable: a public no-arg constructor (run by plain JDK reading) and a counting argument constructor. */
public class ArgsBase {
    public static int noArgRuns;
    public static int argRuns;

    protected String baseState;
    protected int baseNumber;

    public ArgsBase() {
        baseState = "set-by-no-arg-ctor";
        baseNumber = 42;
        noArgRuns++;
    }

    public ArgsBase(final String state, final int number) {
        baseState = state;
        baseNumber = number;
        argRuns++;
    }
}
