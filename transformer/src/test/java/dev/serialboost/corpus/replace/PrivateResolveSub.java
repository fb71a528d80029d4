package dev.serialboost.corpus.replace;

public class PrivateResolveSub extends PrivateResolveBase {
    private static final long serialVersionUID = 89L;

    private final String extra;

    public PrivateResolveSub(final int id, final String extra) {
        super(id);
        this.extra = extra;
    }
}
