package dev.serialboost.transformer.converted;

import java.util.Objects;

/**
 * Settings for one {@link ClassConverter}. Immutable; change with the {@code with} methods.
 *
 * @param policy                 per-class options from the configuration
 * @param runtimeUnsafe          whether the runtime ({@code dev.serialboost.runtime}) reaches
 *                               {@code jdk.internal.misc.Unsafe} on this JVM; when false, classes whose
 *                               final fields need it are skipped with {@link SkipReason#FINAL_FIELDS_UNSUPPORTED}
 *                               and no class level gets the bulk body
 */
public record TransformOptions(ClassPolicy policy, boolean runtimeUnsafe) {

    /** Every eligible class is converted; final fields go through the runtime. */
    public static final TransformOptions DEFAULTS = new TransformOptions(ClassPolicy.DEFAULTS, true);

    public TransformOptions {
        Objects.requireNonNull(policy, "policy");
    }

    public TransformOptions withPolicy(final ClassPolicy value) {
        return new TransformOptions(value, runtimeUnsafe);
    }

    public TransformOptions withRuntimeUnsafe(final boolean value) {
        return new TransformOptions(policy, value);
    }
}
