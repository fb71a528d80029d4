package dev.serialboost.corpus.workloads;

import java.io.Serializable;

/** DESIGN.md workload: big arrays and a self reference. */
public class Sample implements Serializable {
    private static final long serialVersionUID = 4L;

    int intVal;
    float floatVal;
    Short shortVal;
    long[] longArr;
    double[] dblArr;
    Sample selfRef;

    public Sample(final int seed) {
        intVal = seed;
        floatVal = seed / 3.0f;
        shortVal = (short) (seed * 7);
        longArr = new long[3000];
        dblArr = new double[3000];
        for (int i = 0; i < 3000; i++) {
            longArr[i] = (long) i * i * seed - 5;
            dblArr[i] = i * 0.001 * seed;
        }
        selfRef = this;
    }
}
