package dev.serialboost.testing.shapes;

/** The type of a generated instance field. {@link #SELF} is the type of the class that declares the field. */
public enum FieldType {
    BOOLEAN("Z", "boolean"),
    BYTE("B", "byte"),
    CHAR("C", "char"),
    SHORT("S", "short"),
    INT("I", "int"),
    LONG("J", "long"),
    FLOAT("F", "float"),
    DOUBLE("D", "double"),
    STRING("Ljava/lang/String;", "String"),
    BOXED_INTEGER("Ljava/lang/Integer;", "Integer"),
    BOXED_LONG("Ljava/lang/Long;", "Long"),
    BOXED_DOUBLE("Ljava/lang/Double;", "Double"),
    BOXED_CHARACTER("Ljava/lang/Character;", "Character"),
    BOXED_BOOLEAN("Ljava/lang/Boolean;", "Boolean"),
    INT_ARRAY("[I", "int[]"),
    LONG_ARRAY("[J", "long[]"),
    DOUBLE_ARRAY("[D", "double[]"),
    BYTE_ARRAY("[B", "byte[]"),
    STRING_ARRAY("[Ljava/lang/String;", "String[]"),
    OBJECT("Ljava/lang/Object;", "Object"),
    SELF(null, null);

    private final String descriptor;
    private final String javaName;

    FieldType(final String descriptor, final String javaName) {
        this.descriptor = descriptor;
        this.javaName = javaName;
    }

    public boolean isPrimitive() {
        return ordinal() <= DOUBLE.ordinal();
    }

    /** The primitive type this type maps to in a primitive-only class. */
    public FieldType asPrimitive() {
        return isPrimitive() ? this : values()[ordinal() % (DOUBLE.ordinal() + 1)];
    }

    /** The JVM descriptor; {@code owner} is the internal name of the declaring class (for {@link #SELF}). */
    public String descriptor(final String ownerInternalName) {
        return this == SELF ? "L" + ownerInternalName + ";" : descriptor;
    }

    public String javaName(final String ownerSimpleName) {
        return this == SELF ? ownerSimpleName : javaName;
    }
}
