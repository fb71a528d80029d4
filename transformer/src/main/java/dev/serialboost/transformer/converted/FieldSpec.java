package dev.serialboost.transformer.converted;

import java.util.Comparator;
import java.util.Objects;

/**
 * One serializable field of one class level, as the generated code writes it.
 *
 * @param name       the field name
 * @param descriptor the JVM type descriptor, e.g. {@code J} or {@code Ljava/lang/String;}
 * @param isFinal    whether the field is declared {@code final}
 */
public record FieldSpec(String name, String descriptor, boolean isFinal) {

    /**
     * The order the JDK itself uses for a class's serializable fields ({@code ObjectStreamField.compareTo}):
     * primitives before references, then by name. Independent of declaration order.
     */
    public static final Comparator<FieldSpec> STREAM_ORDER = new Comparator<>() {
        // a class of its own rather than a chain of method references: the first converted class decides while the
        // application starts, and linking those costs milliseconds
        @Override
        public int compare(final FieldSpec a, final FieldSpec b) {
            boolean primitive = a.isPrimitive();
            if (primitive != b.isPrimitive()) {
                return primitive ? -1 : 1;
            }
            return a.name.compareTo(b.name);
        }
    };

    public FieldSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(descriptor, "descriptor");
    }

    /** Size in bytes of a primitive type's value (8, 4, 2 or 1); 0 for references. */
    public static int width(final String descriptor) {
        return switch (descriptor.charAt(0)) {
            case 'J', 'D' -> 8;
            case 'I', 'F' -> 4;
            case 'S', 'C' -> 2;
            case 'B', 'Z' -> 1;
            default -> 0;
        };
    }

    /** Whether the field holds a primitive value. */
    public boolean isPrimitive() {
        char c = descriptor.charAt(0);
        return c != 'L' && c != '[';
    }
}
