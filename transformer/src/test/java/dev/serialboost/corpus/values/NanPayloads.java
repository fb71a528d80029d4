package dev.serialboost.corpus.values;

import java.io.Serializable;

/**
 * All-primitive, with NaNs whose bit patterns are not the canonical NaN. Plain JDK serialization writes
 * floats with floatToIntBits / doubleToLongBits, which canonicalizes them: a faithful conversion must give
 * the same bits after reading (a raw memory copy would not).
 */
public class NanPayloads implements Serializable {
    private static final long serialVersionUID = 74L;

    float quietPayload;
    float signalling;
    float negativeNaN;
    double quietPayloadD;
    double signallingD;
    double negativeNaND;
    int marker;
}
