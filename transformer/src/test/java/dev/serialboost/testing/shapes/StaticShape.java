package dev.serialboost.testing.shapes;

import org.objectweb.asm.Opcodes;

/**
 * One generated static field. A static final field gets a {@code ConstantValue} attribute; a non-final
 * one is assigned in {@code <clinit>} when {@code initialized}.
 */
public record StaticShape(String name, Kind kind, Access access, boolean isFinal, boolean initialized, int constant) {

    /** The types of generated static fields. */
    public enum Kind {
        INT("I", "int"), LONG("J", "long"), STRING("Ljava/lang/String;", "String");

        final String descriptor;
        final String javaName;

        Kind(final String descriptor, final String javaName) {
            this.descriptor = descriptor;
            this.javaName = javaName;
        }
    }

    public int flags() {
        return access.flag() | Opcodes.ACC_STATIC | (isFinal ? Opcodes.ACC_FINAL : 0);
    }

    /** The value: a ConstantValue for final fields, the {@code <clinit>} value for initialized others. */
    public Object value() {
        return switch (kind) {
            case INT -> constant;
            case LONG -> constant * 1_000_000_007L;
            case STRING -> "s" + constant;
        };
    }

    boolean needsClinit() {
        return !isFinal && initialized;
    }

    String declaration() {
        String init = isFinal || initialized
                ? " = " + (kind == Kind.STRING ? "\"" + value() + "\"" : value() + (kind == Kind.LONG ? "L" : ""))
                : "";
        return access.keyword() + "static " + (isFinal ? "final " : "") + kind.javaName + " " + name + init + ";";
    }
}
