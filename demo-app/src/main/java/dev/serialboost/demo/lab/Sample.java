package dev.serialboost.demo.lab;

import java.io.Serializable;

/** A lab measurement: two 3000-element arrays, a boxed Short, and a reference to itself. */
public class Sample implements Serializable {
    private static final long serialVersionUID = 1L;

    public static final int SIZE = 3000;

    private int intVal;
    private float floatVal;
    private Short shortVal;
    private long[] longArr;
    private double[] dblArr;
    private Sample selfRef;

    public Sample(final int intVal, final float floatVal, final Short shortVal, final long[] longArr,
                  final double[] dblArr) {
        this.intVal = intVal;
        this.floatVal = floatVal;
        this.shortVal = shortVal;
        this.longArr = longArr;
        this.dblArr = dblArr;
        this.selfRef = this;
    }

    public int getIntVal() { return intVal; }
    public float getFloatVal() { return floatVal; }
    public Short getShortVal() { return shortVal; }
    public long[] getLongArr() { return longArr; }
    public double[] getDblArr() { return dblArr; }
    public Sample getSelfRef() { return selfRef; }
}
