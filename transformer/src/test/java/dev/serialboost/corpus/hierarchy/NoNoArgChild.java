package dev.serialboost.corpus.hierarchy;

import java.io.Serializable;

/** The JDK writes this fine but cannot read it: "no valid constructor". */
public class NoNoArgChild extends NoNoArgBase implements Serializable {
    private static final long serialVersionUID = 24L;

    private int value;

    public NoNoArgChild(final int value) {
        super("required-" + value);
        this.value = value;
    }
}
