package dev.serialboost.corpus.custom;

import java.io.Serializable;

/** Declares only readObjectNoData: READ_OBJECT_NO_DATA. */
public class NoDataOnly implements Serializable {
    private static final long serialVersionUID = 101L;

    private int value;

    public NoDataOnly(final int value) {
        this.value = value;
    }

    @SuppressWarnings("unused")
    private void readObjectNoData() {
        value = -1;
    }
}
