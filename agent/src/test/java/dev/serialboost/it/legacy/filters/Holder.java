package dev.serialboost.it.legacy.filters;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Converted by the agent; its fields carry what the filters judge. The static methods are the streams
 * {@code LegacyFiltersIT} has a JVM without the agent write.
 */
public class Holder implements Serializable {
    private static final long serialVersionUID = 1L;

    String name;
    Object payload;
    long[] numbers;

    private static Holder of(final String name, final Object payload, final long[] numbers) {
        Holder h = new Holder();
        h.name = name;
        h.payload = payload;
        h.numbers = numbers;
        return h;
    }

    /** Nothing a filter rejects. */
    public static Object allowed() {
        return of("allowed", new ArrayList<>(List.of("a", of("inner", null, new long[] {1, 2}))), new long[50]);
    }

    /** A {@link Forbidden} in a field. */
    public static Object forbidden() {
        return of("forbidden", new Forbidden(), null);
    }

    /** A {@link Forbidden} in a field of a converted object inside a list in a field. */
    public static Object forbiddenNested() {
        return of("outer", new ArrayList<>(List.of("a", of("inner", new Forbidden(), null))), null);
    }

    /** An {@link AlsoForbidden} in a field. */
    public static Object alsoForbidden() {
        return of("also-forbidden", new AlsoForbidden(), null);
    }

    /** A long array of 1,000 elements in a field. */
    public static Object bigArray() {
        return of("big", null, new long[1000]);
    }
}
