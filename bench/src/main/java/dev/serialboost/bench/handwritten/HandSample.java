package dev.serialboost.bench.handwritten;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/** {@link dev.serialboost.bench.model.Sample}, made {@code Externalizable} by hand. */
public class HandSample implements Externalizable {
    private static final long serialVersionUID = 1L;

    private int intVal;
    private float floatVal;
    private Short shortVal;
    private long[] longArr;
    private double[] dblArr;
    private HandSample selfRef;

    public HandSample() {
    }

    public HandSample(final int intVal, final float floatVal, final Short shortVal, final long[] longArr,
                      final double[] dblArr) {
        this.intVal = intVal;
        this.floatVal = floatVal;
        this.shortVal = shortVal;
        this.longArr = longArr;
        this.dblArr = dblArr;
        this.selfRef = this;
    }

    @Override
    public void writeExternal(final ObjectOutput out) throws IOException {
        out.writeInt(intVal);
        out.writeFloat(floatVal);
        out.writeObject(shortVal);
        out.writeObject(longArr);
        out.writeObject(dblArr);
        out.writeObject(selfRef);
    }

    @Override
    public void readExternal(final ObjectInput in) throws IOException, ClassNotFoundException {
        intVal = in.readInt();
        floatVal = in.readFloat();
        shortVal = (Short) in.readObject();
        longArr = (long[]) in.readObject();
        dblArr = (double[]) in.readObject();
        selfRef = (HandSample) in.readObject();
    }
}
