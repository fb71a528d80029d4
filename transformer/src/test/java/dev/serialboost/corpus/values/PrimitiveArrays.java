package dev.serialboost.corpus.values;

import java.io.Serializable;

/** One array field of every primitive type, plus empty and null arrays. */
public class PrimitiveArrays implements Serializable {
    private static final long serialVersionUID = 70L;

    boolean[] zs;
    byte[] bs;
    short[] ss;
    char[] cs;
    int[] is;
    long[] ls;
    float[] fs;
    double[] ds;
    int[] empty;
    long[] nothing;
}
