package dev.serialboost.corpus.values;

public class PackedSub extends PackedBase {
    private static final long serialVersionUID = 791L;

    byte b;
    short c;
    boolean z;

    public PackedSub(final byte a, final byte b, final short c, final boolean z) {
        super(a);
        this.b = b;
        this.c = c;
        this.z = z;
    }
}
