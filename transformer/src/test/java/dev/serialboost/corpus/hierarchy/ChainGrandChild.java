package dev.serialboost.corpus.hierarchy;

public class ChainGrandChild extends ChainChild {
    private static final long serialVersionUID = 27L;

    private int[] extra;

    public ChainGrandChild(final int own) {
        super(own);
        extra = new int[] {own, own * 2};
    }
}
