package dev.serialboost.corpus.values;

import java.io.Serializable;

/** Like {@link NanPayloads}, but with a reference field (so not a bulk-copy candidate). */
public class NanPayloadsMixed implements Serializable {
    private static final long serialVersionUID = 75L;

    float f;
    double d;
    String label;
}
