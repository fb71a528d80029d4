package dev.serialboost.corpus.custom;

/** A plain serializable subclass of a superclass with writeObject/readObject: both converted. */
public class PlainChildOfCustom extends CustomParent {
    private static final long serialVersionUID = 107L;

    private String childName;
    private PlainChildOfCustom next;

    public PlainChildOfCustom(final int parentValue, final String childName, final PlainChildOfCustom next) {
        super(parentValue);
        this.childName = childName;
        this.next = next;
    }
}
