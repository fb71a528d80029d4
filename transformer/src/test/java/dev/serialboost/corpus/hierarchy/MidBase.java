package dev.serialboost.corpus.hierarchy;

/** Second non-serializable level; the JDK runs this no-arg constructor (and through it GrandBase's). */
public class MidBase extends GrandBase {
    public static int midConstructed;

    protected int mid;
    private final long midFinal;

    public MidBase() {
        mid = 22;
        midFinal = 2222L;
        midConstructed++;
    }

    public MidBase(final int mid) {
        super(mid * 2);
        this.mid = mid;
        midFinal = mid;
    }
}
