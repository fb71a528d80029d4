package dev.serialboost.corpus.replace;

import java.io.Serializable;

/** The serial form of {@link Money}. */
final class MoneyProxy implements Serializable {
    private static final long serialVersionUID = 83L;

    static int resolved;

    private final String encoded;

    MoneyProxy(final String encoded) {
        this.encoded = encoded;
    }

    private Object readResolve() {
        resolved++;
        int colon = encoded.indexOf(':');
        return new Money(Long.parseLong(encoded.substring(colon + 1)), encoded.substring(0, colon));
    }
}
