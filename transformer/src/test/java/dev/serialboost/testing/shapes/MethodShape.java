package dev.serialboost.testing.shapes;

import org.objectweb.asm.Opcodes;

/** A plain method; it only matters for the default serialVersionUID, which hashes non-private methods. */
public record MethodShape(String name, Signature signature, Access access, boolean isStatic, boolean isFinal,
                          boolean isSynchronized) {

    /** The generated signatures, each with a body that returns at once. */
    public enum Signature {
        VOID("()V", "void %s()"),
        LONG_OF_INT("(I)J", "long %s(int i)"),
        OBJECT_OF_STRING("(Ljava/lang/String;)Ljava/lang/Object;", "Object %s(String s)");

        final String descriptor;
        final String source;

        Signature(final String descriptor, final String source) {
            this.descriptor = descriptor;
            this.source = source;
        }
    }

    MethodShape withName(final String value) {
        return new MethodShape(value, signature, access, isStatic, isFinal, isSynchronized);
    }

    public int flags() {
        return access.flag() | (isStatic ? Opcodes.ACC_STATIC : 0) | (isFinal ? Opcodes.ACC_FINAL : 0)
                | (isSynchronized ? Opcodes.ACC_SYNCHRONIZED : 0);
    }

    String declaration() {
        return access.keyword() + (isStatic ? "static " : "") + (isFinal ? "final " : "")
                + (isSynchronized ? "synchronized " : "") + String.format(signature.source, name) + " {...}";
    }
}
