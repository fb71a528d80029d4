package dev.serialboost.transformer;

import java.util.Objects;

/**
 * What the configuration says about one class. Immutable; change with the {@code with} methods.
 *
 * @param included              whether serialboost may convert the class at all
 * @param runNoArgConstructor   convert even when the class's own no-arg constructor has code that
 *                              would now run on read (a documented deviation from JDK semantics)
 * @param bulk                  copy an all-primitive class level as one record through the runtime
 *                              ({@code dev.serialboost.runtime.BulkLayout}) instead of field by field
 * @param origin                where this came from, for messages: a config file and line, or "default"
 */
public record ClassOptions(boolean included, boolean runNoArgConstructor, boolean bulk, String origin) {

    /** Options for a class no rule mentions: convert when eligible, never run constructor code, bulk on. */
    public static final ClassOptions DEFAULT = new ClassOptions(true, false, true, "default");

    public ClassOptions {
        Objects.requireNonNull(origin, "origin");
    }

    public ClassOptions withIncluded(final boolean value) {
        return new ClassOptions(value, runNoArgConstructor, bulk, origin);
    }

    public ClassOptions withRunNoArgConstructor(final boolean value) {
        return new ClassOptions(included, value, bulk, origin);
    }

    public ClassOptions withBulk(final boolean value) {
        return new ClassOptions(included, runNoArgConstructor, value, origin);
    }

    public ClassOptions withOrigin(final String value) {
        return new ClassOptions(included, runNoArgConstructor, bulk, value);
    }
}
