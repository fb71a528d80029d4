package dev.serialboost.corpus.values;

import java.io.Serializable;

/**
 * Field names whose stream order (String.compareTo: UTF-16 units) differs from code-point order and from
 * ASCII-only intuition: upper case before lower case, a supplementary character (U+1D400, surrogates
 * D835 DC00) before U+FF21, and '$' / '_' in names.
 */
public class UnicodeNames implements Serializable {
    private static final long serialVersionUID = 78L;

    int \uff21;
    int \ud835\udc00;
    int caf\u00e9;
    int Zeta;
    int alpha;
    int $dollar;
    int _under;
    String \u540d\u524d;
    String Name;
    String name;
}
