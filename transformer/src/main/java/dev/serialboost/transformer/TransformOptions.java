package dev.serialboost.transformer;

import java.util.Objects;

/**
 * Settings for one {@link SerialboostTransformer}. Immutable; change with the {@code with} methods.
 *
 * @param policy                 per-class options from the configuration
 * @param runtimeWritesFinals    whether the runtime ({@code dev.serialboost.runtime}) can write final
 *                               fields on this JVM; when false, classes that need it are skipped with
 *                               {@link SkipReason#FINAL_FIELDS_UNSUPPORTED}
 */
public record TransformOptions(ClassPolicy policy, boolean runtimeWritesFinals) {

    /** Every eligible class is converted; final fields go through the runtime. */
    public static final TransformOptions DEFAULTS = new TransformOptions(ClassPolicy.DEFAULTS, true);

    public TransformOptions {
        Objects.requireNonNull(policy, "policy");
    }

    public TransformOptions withPolicy(final ClassPolicy value) {
        return new TransformOptions(value, runtimeWritesFinals);
    }

    public TransformOptions withRuntimeWritesFinals(final boolean value) {
        return new TransformOptions(policy, value);
    }
}
