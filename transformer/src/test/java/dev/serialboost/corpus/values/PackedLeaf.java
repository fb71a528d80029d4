package dev.serialboost.corpus.values;

/** Mixed level below two small all-primitive levels: a reference field may sit in their gaps. */
public class PackedLeaf extends PackedSub {
    private static final long serialVersionUID = 792L;

    int d;
    Object ref;
    char e;
    byte f;

    public PackedLeaf(final int seed, final Object ref) {
        super((byte) seed, (byte) (seed + 1), (short) (seed * 300), seed % 2 == 0);
        this.d = seed * 1_000_001;
        this.ref = ref;
        this.e = (char) (0xfff0 + seed);
        this.f = (byte) -seed;
    }
}
