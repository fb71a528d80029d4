package dev.serialboost.corpus.legacy;

import java.io.Serializable;

/** Final fields, no no-arg constructor, a non-serializable base: finals restored with putfield below 53. */
public class LegacyFinal extends LegacyBase implements Serializable {
    private static final long serialVersionUID = 151L;

    private final long id;
    private final String name;
    private final int[] values;
    private final boolean flag;
    private final float ratio;

    public LegacyFinal(final long id, final String name) {
        super(7);
        this.id = id;
        this.name = name;
        this.values = new int[] {(int) id, 2, 3};
        this.flag = id % 2 == 0;
        this.ratio = id / 4f;
    }
}
