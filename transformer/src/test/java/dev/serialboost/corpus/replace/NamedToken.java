package dev.serialboost.corpus.replace;

/** Inherits Token's protected readResolve. */
public class NamedToken extends Token {
    private static final long serialVersionUID = 86L;

    private final int rank;

    public NamedToken(final String key, final int rank) {
        super(key);
        this.rank = rank;
    }
}
