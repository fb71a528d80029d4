package dev.serialboost.corpus.finals;

public final class FinalSub extends FinalSuper {
    private static final long serialVersionUID = 52L;

    private final int level;
    private final FinalSuper parent;
    private transient final String cached;

    public FinalSub(final long id, final String name, final int level, final FinalSuper parent) {
        super(id, name);
        this.level = level;
        this.parent = parent;
        this.cached = name + level;
    }
}
