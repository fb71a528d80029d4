package dev.serialboost.corpus.hierarchy;

import java.io.Serializable;

public class CountingChild extends CountingBase implements Serializable {
    private static final long serialVersionUID = 20L;

    private int x;
    private String y;
    private CountingChild next;

    public CountingChild(final int x, final String y, final CountingChild next) {
        super("from-args-ctor", x);
        this.x = x;
        this.y = y;
        this.next = next;
    }
}
