package dev.serialboost.transformer.converted;

import java.util.Objects;

/**
 * What the configuration says about one class. Immutable; change with the {@code with} methods.
 *
 * @param included              whether serialboost may convert the class at all
 * @param unnamed               for a class that is not included: no rule names it and conversion is opt-in, so it
 *                              is skipped as {@link SkipReason#NOT_INCLUDED} instead of
 *                              {@link SkipReason#EXCLUDED_BY_CONFIG}
 * @param bulk                  copy an all-primitive class level as one record through the runtime
 *                              ({@code dev.serialboost.runtime.converted.BulkLayout}) instead of field by field
 * @param origin                where this came from, for messages: a config file and line, or "default"
 */
public record ClassOptions(boolean included, boolean unnamed, boolean bulk, String origin) {

    /** Options for a class no rule mentions: convert when eligible, bulk on. */
    public static final ClassOptions DEFAULT = new ClassOptions(true, false, true, "default");

    /**
     * Options for a class no rule mentions when conversion is opt-in: not converted.
     *
     * @param origin why, for the skip line: which rules file has no rule for it, and the setting
     */
    public static ClassOptions notIncluded(final String origin) {
        return new ClassOptions(false, true, true, origin);
    }

    public ClassOptions {
        Objects.requireNonNull(origin, "origin");
    }

    /** Included or excluded by a rule, which names the class. */
    public ClassOptions withIncluded(final boolean value) {
        return new ClassOptions(value, false, bulk, origin);
    }

    public ClassOptions withBulk(final boolean value) {
        return new ClassOptions(included, unnamed, value, origin);
    }

    public ClassOptions withOrigin(final String value) {
        return new ClassOptions(included, unnamed, bulk, value);
    }
}
