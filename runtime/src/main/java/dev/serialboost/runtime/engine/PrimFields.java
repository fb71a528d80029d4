package dev.serialboost.runtime.engine;

/**
 * A generated, straight-line copy of the primitive fields of one {@code ObjectStreamClass$FieldReflector} between an
 * object and the stream's field block (a subclass; this class itself stands for "no copy") ({@code
 * dev.serialboost.transformer.engine.PrimFieldsGenerator} writes the subclasses; {@link FieldAccess} defines and calls
 * them). Each is called only with a non-null object of the class the reflector was made for and an array at least
 * {@link #minLength} long.
 */
public class PrimFields {

    /** The length the field block must have at least. */
    int minLength;
    /** Whether {@link #get} copies every field: false for a reflector with fields the class lacks. */
    boolean gets;

    /** Made by {@link FieldAccess} only for the copy of a reflector that has none (whose methods it never calls). */
    protected PrimFields() {
    }

    /** What {@code FieldReflector.getPrimFieldValues(obj, buf)} does. */
    public void get(final Object obj, final byte[] buf) {
        throw new IllegalStateException("no generated copy");
    }

    /** What {@code FieldReflector.setPrimFieldValues(obj, buf)} does. */
    public void set(final Object obj, final byte[] buf) {
        throw new IllegalStateException("no generated copy");
    }
}
