package dev.serialboost.corpus;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One corpus case, as seen from inside a test class loader. The differential test loads a subclass
 * child-first (plainly and transformed), calls {@link #get()} for the root of the object graph, round-trips
 * it, then calls {@link #apply(Object)} on the copy.
 *
 * <p>Only JDK interfaces cross the loader boundary: the test sees a fixture as a {@code Supplier<Object>}
 * and a {@code Function<Object, String>}.
 *
 * <p>Rules for {@link #get()}: deterministic (no randomness, no clock, no identity hash codes), so both
 * loaders build the same graph and write comparable streams.
 */
public abstract class Fixture implements Supplier<Object>, Function<Object, String> {

    /** Builds the root of the object graph. */
    @Override
    public abstract Object get();

    /**
     * Checks that only make sense inside the loader (identity with a singleton of that loader, results of
     * calling methods on the copy). May record observations into the copy so the cross-loader graph
     * comparison sees them. Returns {@code null} when everything holds, otherwise a message.
     */
    @Override
    public String apply(final Object copy) {
        return null;
    }

    /** {@code null} when {@code condition} holds, {@code message} otherwise. */
    protected static String check(final boolean condition, final String message) {
        return condition ? null : message;
    }

    /** The first non-null message, or {@code null}. */
    protected static String all(final String... messages) {
        for (String m : messages) {
            if (m != null) {
                return m;
            }
        }
        return null;
    }
}
