package dev.serialboost.corpus.values;

import java.io.Serializable;
import java.util.EnumMap;
import java.util.List;

/** Holds enum and record values in fields. */
public class EnumRecordHolder implements Serializable {
    private static final long serialVersionUID = 77L;

    Color color;
    Color special;
    Color[] palette;
    Unit unit;
    Object anyEnum;
    Point point;
    Point samePoint;
    Labeled labeled;
    List<Point> points;
    EnumMap<Unit, String> byUnit;
    Enum<?> nullEnum;
}
