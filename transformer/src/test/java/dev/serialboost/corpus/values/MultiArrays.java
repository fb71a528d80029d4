package dev.serialboost.corpus.values;

import java.io.Serializable;

/** Multi-dimensional arrays, one array shared by two fields, an Object[] that contains itself. */
public class MultiArrays implements Serializable {
    private static final long serialVersionUID = 71L;

    int[][] jagged;
    String[][] names;
    long[][][] cube;
    int[] sharedA;
    int[] sharedB;
    Object[] selfContaining;
    Object arrayAsObject;
    MultiArrays[] peers;
}
