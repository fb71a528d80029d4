package dev.serialboost.it.engine.model;

import java.io.Serializable;
import java.util.List;

/** A record holding records, a list and a nullable label. */
public record Segment(Point from, Point to, String label, List<Point> via) implements Serializable {
}
