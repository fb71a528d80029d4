package dev.serialboost.it.safety;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The graphs FilterApp reads under a JVM-wide filter, each meant to hit one limit of {@link FilterApp#FILTER}
 * (or none). FilterApp calls {@link #write} in a class loader of its own, so the reading loader never touches
 * {@link Forbidden} unless deserialization does.
 */
public final class FilterScenarios {

    /** Scenario names, in the order FilterApp reads them. */
    public static final List<String> NAMES = List.of("allowed", "forbidden-in-field", "forbidden-in-final-field",
            "forbidden-in-list", "forbidden-in-array", "array-at-limit", "array-over-limit", "depth-under-limit",
            "depth-over-limit", "refs-under-limit", "refs-over-limit", "bytes-under-limit", "bytes-over-limit");

    private FilterScenarios() {
    }

    public static byte[] write(final String name) throws IOException {
        Object root = switch (name) {
            case "allowed" -> new Holder(1, "allowed");
            case "forbidden-in-field" -> new Holder(2, new Forbidden("secret"));
            case "forbidden-in-final-field" -> new Frozen(3, new Forbidden("secret"));
            case "forbidden-in-list" -> new Holder(4, new ArrayList<>(List.of("allowed", new Forbidden("secret"))));
            case "forbidden-in-array" -> new Holder(5, new Object[] {"allowed", new Forbidden("secret")});
            case "array-at-limit" -> new Holder(6, new int[1000]);
            case "array-over-limit" -> new Holder(7, new int[1001]);
            case "depth-under-limit" -> Node.list(35);
            case "depth-over-limit" -> Node.list(45);
            case "refs-under-limit" -> holders(500, 10);
            case "refs-over-limit" -> holders(2000, 10);
            case "bytes-under-limit" -> holders(50, 1000);
            case "bytes-over-limit" -> holders(200, 1000);
            default -> throw new IllegalArgumentException(name);
        };
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(root);
        }
        return bytes.toByteArray();
    }

    /** {@code n} Holders in an Object[], each with its own String of {@code chars} characters. */
    private static Holder holders(final int n, final int chars) {
        Object[] all = new Object[n];
        for (int i = 0; i < n; i++) {
            all[i] = new Holder(i, (i + "-").repeat(chars).substring(0, chars));
        }
        return new Holder(-1, all);
    }
}
