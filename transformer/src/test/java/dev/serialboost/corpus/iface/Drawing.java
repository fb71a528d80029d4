package dev.serialboost.corpus.iface;

import java.io.Serializable;

/** Interface-typed fields (Shape is not Serializable) holding serializable objects. */
public class Drawing implements Serializable {
    private static final long serialVersionUID = 135L;

    Shape main;
    Shape[] shapes;
    SerialMarker marker;
}
