package dev.serialboost.it.engine.model;

import java.io.Serializable;
import java.util.Comparator;

/** A serializable comparator for {@code TreeMap}s: by length, then naturally. */
public class ByLength implements Comparator<String>, Serializable {
    private static final long serialVersionUID = 1L;

    private final boolean reversed;

    public ByLength(final boolean reversed) {
        this.reversed = reversed;
    }

    @Override
    public int compare(final String a, final String b) {
        int c = a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
        return reversed ? -c : c;
    }
}
