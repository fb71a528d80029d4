package dev.serialboost.corpus.values;

import java.io.Serializable;
import java.math.BigDecimal;

/** Every boxed type (and a few other JDK value types) as a reference field. */
public class Boxes implements Serializable {
    private static final long serialVersionUID = 72L;

    Boolean z;
    Byte b;
    Short s;
    Character c;
    Integer i;
    Long j;
    Float f;
    Double d;
    String str;
    Object obj;
    Number num;
    Comparable<?> cmp;
    BigDecimal big;
    CharSequence chars;
}
