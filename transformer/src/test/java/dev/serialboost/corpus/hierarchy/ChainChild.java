package dev.serialboost.corpus.hierarchy;

import java.io.Serializable;

public class ChainChild extends MidBase implements Serializable {
    private static final long serialVersionUID = 26L;

    private int own;
    private final String ownFinal;

    public ChainChild(final int own) {
        super(own + 1);
        this.own = own;
        this.ownFinal = "own-" + own;
    }
}
