package dev.serialboost.corpus.values;

import java.io.Serializable;

/** A record holding an instance of a converted class. */
public record Labeled(String label, Boxes boxes, Color color) implements Serializable {
}
