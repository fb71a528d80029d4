package dev.serialboost.corpus.values;

import java.io.Serializable;

public record Point(int x, int y) implements Serializable {
}
