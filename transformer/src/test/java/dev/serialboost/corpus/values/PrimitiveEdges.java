package dev.serialboost.corpus.values;

import java.io.Serializable;

/** All-primitive (a bulk-copy candidate): edge values of every primitive type. */
public class PrimitiveEdges implements Serializable {
    private static final long serialVersionUID = 73L;

    boolean z;
    byte b;
    short s;
    char c;
    int i;
    long j;
    float f;
    double d;
    float fNegZero;
    double dNegZero;
    float fPosInf;
    float fNegInf;
    double dPosInf;
    double dNegInf;
    float fNaN;
    double dNaN;
    float fMinSub;
    double dMinSub;
    char cZero;
    char cSurrogate;
    long jMin;
    long jMax;
    int iMin;
    short sMin;
    byte bMin;
}
