package dev.serialboost.corpus.finals;

import java.io.Serializable;
import java.util.List;

/** Final fields of every primitive type and several reference types; no no-arg constructor. */
public class AllFinals implements Serializable {
    private static final long serialVersionUID = 50L;

    private final boolean z;
    private final byte b;
    private final short s;
    private final char c;
    private final int i;
    private final long j;
    private final float f;
    private final double d;
    private final String str;
    private final Object obj;
    private final int[] arr;
    private final List<String> list;
    private final Integer boxed;
    private final AllFinals other;
    /** A constant variable: javac inlines reads of it, the field itself is still serialized. */
    private final String tag = "tag";
    private final int constant = 7;

    public AllFinals(final int seed, final AllFinals other) {
        z = seed % 2 == 0;
        b = (byte) (seed * 31);
        s = (short) (seed * -1000);
        c = (char) ('A' + seed);
        i = seed * 1_000_003;
        j = seed * 1_000_000_000_007L;
        f = seed / 3f;
        d = seed / 7.0;
        str = "final-" + seed;
        obj = seed % 2 == 0 ? Integer.valueOf(seed) : new long[] {seed};
        arr = new int[] {seed, -seed};
        list = List.of("a" + seed, "b");
        boxed = seed > 2 ? null : seed;
        this.other = other;
    }

    public String summary() {
        return tag + constant + z + b + s + c + i + j + f + d + str + obj + arr.length + list + boxed + (other != null);
    }
}
