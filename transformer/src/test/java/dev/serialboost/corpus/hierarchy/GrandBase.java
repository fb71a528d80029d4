package dev.serialboost.corpus.hierarchy;

/** Top of a two-level non-serializable chain. */
public class GrandBase {
    protected int grand;
    protected String grandNote;

    public GrandBase() {
        grand = 11;
        grandNote = "grand-no-arg";
    }

    public GrandBase(final int grand) {
        this.grand = grand;
        grandNote = "grand-args";
    }
}
