package dev.serialboost.transformer.converted;

import java.util.Objects;
import java.util.Optional;

/** The outcome of transforming one class file: the decision, and the new bytes when it was converted. */
public final class Transformation {

    private final Decision decision;
    private final byte[] bytes;

    Transformation(final Decision decision, final byte[] bytes) {
        this.decision = Objects.requireNonNull(decision, "decision");
        if (decision.isConverted() != (bytes != null)) {
            throw new IllegalStateException("converted classes have bytes, skipped ones do not: " + decision);
        }
        this.bytes = bytes;
    }

    public Decision decision() {
        return decision;
    }

    /** The transformed class file; empty when the class is left as it was. */
    public Optional<byte[]> bytes() {
        return Optional.ofNullable(bytes);
    }
}
