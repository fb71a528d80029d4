package dev.serialboost.corpus.ctor;

/**
 * Its superclass stays unconverted (constructor code), so this class cannot be converted either
 * (SUPERCLASS_NOT_CONVERTED).
 */
public class SubOfCtorCode extends SuperWithCtorCode {
    private static final long serialVersionUID = 39L;

    private String own;

    public SubOfCtorCode(final String own) {
        this.own = own;
        base = own.length();
    }
}
