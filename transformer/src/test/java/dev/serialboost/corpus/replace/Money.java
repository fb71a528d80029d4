package dev.serialboost.corpus.replace;

import java.io.Serializable;

/** Writes a proxy instead of itself (writeReplace); the proxy resolves back to a Money (readResolve). */
public final class Money implements Serializable {
    private static final long serialVersionUID = 82L;

    public static int replaced;

    private final long cents;
    private final String currency;

    public Money(final long cents, final String currency) {
        this.cents = cents;
        this.currency = currency;
    }

    private Object writeReplace() {
        replaced++;
        return new MoneyProxy(currency + ":" + cents);
    }

    public long cents() {
        return cents;
    }
}
