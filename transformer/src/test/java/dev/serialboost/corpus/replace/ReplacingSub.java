package dev.serialboost.corpus.replace;

public class ReplacingSub extends ReplacingBase {
    private static final long serialVersionUID = 91L;

    private String lost;

    public ReplacingSub(final int value, final String lost) {
        super(value);
        this.lost = lost;
    }
}
