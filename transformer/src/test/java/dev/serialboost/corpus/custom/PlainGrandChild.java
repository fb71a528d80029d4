package dev.serialboost.corpus.custom;

/**
 * A plain subclass of {@link CustomChild} (which cannot be converted): it too inherits the Externalizable
 * methods of ConvertedParent, so with the transformation writing it must fail loudly as well.
 */
public class PlainGrandChild extends CustomChild {
    private static final long serialVersionUID = 112L;

    private String grandValue;

    public PlainGrandChild(final String grandValue) {
        super(4, 44L);
        this.grandValue = grandValue;
    }

    public String grandValue() {
        return grandValue;
    }
}
