package dev.serialboost.it.filters;

import java.io.ObjectInputFilter;
import java.util.function.BinaryOperator;

/**
 * A user's filter factory ({@code -Djdk.serialFilterFactory=dev.serialboost.it.filters.UserFactory}): every stream
 * gets the filter {@code Outside;!Customer} (of this package), whatever the JVM-wide filter: it allows what the
 * recorded pattern rejects and rejects what it allows, so that a merge shows as the stricter of both.
 */
public final class UserFactory implements BinaryOperator<ObjectInputFilter> {

    private static final String PKG = "dev.serialboost.it.filters.";
    private static final ObjectInputFilter USER = ObjectInputFilter.Config.createFilter(PKG + "Outside;!" + PKG
            + "Customer");

    public UserFactory() {
    }

    @Override
    public ObjectInputFilter apply(final ObjectInputFilter current, final ObjectInputFilter next) {
        return USER;
    }
}
