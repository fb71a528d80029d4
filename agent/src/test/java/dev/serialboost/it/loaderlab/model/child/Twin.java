package dev.serialboost.it.loaderlab.model.child;

import java.io.Serializable;

/** A plain class that both "web" and "module" define. */
public class Twin implements Serializable {
    private static final long serialVersionUID = 1L;

    public String tag;
    public int[] numbers;

    public Twin(final String tag) {
        this.tag = tag;
        this.numbers = new int[] {tag.length(), 7};
    }
}
