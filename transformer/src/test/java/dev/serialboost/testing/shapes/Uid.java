package dev.serialboost.testing.shapes;

/**
 * An explicit {@code static final long serialVersionUID}: with a {@code ConstantValue} attribute, or
 * (when {@code viaClinit}) assigned by the static initializer as javac does for a non-constant expression.
 */
public record Uid(long value, Access access, boolean viaClinit) {

    String declaration() {
        return access.keyword() + "static final long serialVersionUID = "
                + value + "L;" + (viaClinit ? " // assigned in <clinit>, no ConstantValue attribute" : "");
    }
}
