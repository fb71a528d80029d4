package dev.serialboost.corpus.nested;

import java.io.Serializable;
import java.util.function.IntUnaryOperator;

/**
 * Holds a serializable lambda created by this class: reading it calls this class's synthetic
 * {@code $deserializeLambda$}, which the transformation must keep working.
 */
public class LambdaHolder implements Serializable {
    private static final long serialVersionUID = 66L;

    public interface SerializableOp extends IntUnaryOperator, Serializable {
    }

    SerializableOp op;
    int applied;
    final int factor;

    public LambdaHolder(final int factor) {
        this.factor = factor;
        final int offset = factor + 1;
        this.op = x -> x * factor + offset;
    }
}
