package dev.serialboost.testing.shapes;

import org.objectweb.asm.Opcodes;

/**
 * One generated instance field.
 *
 * @param assignInCtor  whether the assigning constructor (the no-arg one of a non-serializable base, the
 *                      int one of a serializable class) stores a {@link #constant()}-derived value in it
 * @param storeInNoArg  whether the no-arg constructor of a serializable class stores in it; see
 *                      {@link #noArgStoresConstant()} for what it stores
 * @param constant      seed of the constant a constructor stores
 */
public record FieldShape(String name, FieldType type, Access access, boolean isFinal, boolean isTransient,
                         boolean isVolatile, boolean assignInCtor, boolean storeInNoArg, int constant) {

    public FieldShape {
        if (isFinal) {
            isVolatile = false; // final volatile is an illegal combination (ClassFormatError)
        }
    }

    FieldShape withName(final String value) {
        return new FieldShape(value, type, access, isFinal, isTransient, isVolatile, assignInCtor, storeInNoArg,
                constant);
    }

    FieldShape primitiveOnly() {
        return new FieldShape(name, type.asPrimitive(), access, isFinal, isTransient, isVolatile, assignInCtor,
                storeInNoArg, constant);
    }

    /** Keeps only the constructor stores the class's constructors can do. */
    FieldShape withStores(final boolean assign, final boolean noArg) {
        return new FieldShape(name, type, access, isFinal, isTransient, isVolatile, assignInCtor && assign,
                storeInNoArg && noArg, constant);
    }

    /**
     * What a serializable class's no-arg constructor stores: a constant (push or {@code ldc}) in a
     * serializable primitive or String field, which reading overwrites; the default value (zero, null)
     * anywhere else. Either way running the constructor on read leaves what plain JDK reading leaves.
     */
    public boolean noArgStoresConstant() {
        return !isTransient && (type.isPrimitive() || type == FieldType.STRING);
    }

    public int flags() {
        return access.flag() | (isFinal ? Opcodes.ACC_FINAL : 0) | (isTransient ? Opcodes.ACC_TRANSIENT : 0)
                | (isVolatile ? Opcodes.ACC_VOLATILE : 0);
    }

    String declaration(final String ownerSimpleName) {
        return access.keyword() + (isFinal ? "final " : "") + (isTransient ? "transient " : "")
                + (isVolatile ? "volatile " : "") + type.javaName(ownerSimpleName) + " " + name + ";";
    }
}
