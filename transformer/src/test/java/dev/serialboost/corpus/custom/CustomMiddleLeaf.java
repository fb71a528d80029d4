package dev.serialboost.corpus.custom;

/** A plain subclass of {@link CustomMiddle}: converted, its level after the custom one. */
public class CustomMiddleLeaf extends CustomMiddle {
    private static final long serialVersionUID = 115L;

    private Object again;
    private char mark;

    public CustomMiddleLeaf(final Object shared, final java.util.List<Object> extras, final Object again) {
        super(7, shared, 0.5, extras);
        this.again = again;
        this.mark = 'z';
    }
}
