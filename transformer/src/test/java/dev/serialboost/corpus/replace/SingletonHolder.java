package dev.serialboost.corpus.replace;

import java.io.Serializable;

public class SingletonHolder implements Serializable {
    private static final long serialVersionUID = 81L;

    Singleton first;
    Singleton second;
    Object asObject;
}
