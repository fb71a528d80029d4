package dev.serialboost.corpus.replace;

import java.io.Serializable;

public class TokenHolder implements Serializable {
    private static final long serialVersionUID = 87L;

    Token plain;
    Token named;
    Token unknown;
}
