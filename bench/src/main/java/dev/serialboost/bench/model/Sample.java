package dev.serialboost.bench.model;

import java.io.Serializable;

/**
 * The big-array workload of DESIGN.md: two 3,000-element primitive arrays, a boxed Short and a reference to
 * itself (a cycle every serializer must keep).
 */
public class Sample implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Length of both arrays. */
    public static final int LENGTH = 3000;

    private int intVal;
    private float floatVal;
    private Short shortVal;
    private long[] longArr;
    private double[] dblArr;
    private Sample selfRef;

    /** Kryo and Fory instantiate through it; plain JDK reading does not run it. */
    public Sample() {
    }

    public Sample(final int intVal, final float floatVal, final Short shortVal, final long[] longArr,
                  final double[] dblArr) {
        this.intVal = intVal;
        this.floatVal = floatVal;
        this.shortVal = shortVal;
        this.longArr = longArr;
        this.dblArr = dblArr;
        this.selfRef = this;
    }

    public int intVal() { return intVal; }
    public Sample selfRef() { return selfRef; }
    public long[] longArr() { return longArr; }
}
