package dev.serialboost.corpus.values;

import java.io.Serializable;

/** Strings the stream encodes specially: empty, NUL, lone surrogates, supplementary characters, > 64K UTF. */
public class Texts implements Serializable {
    private static final long serialVersionUID = 76L;

    String empty;
    String nul;
    String loneHigh;
    String loneLow;
    String supplementary;
    String longText;
    String sameAsEmpty;
    char[] chars;
}
