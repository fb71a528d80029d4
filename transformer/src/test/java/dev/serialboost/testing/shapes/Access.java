package dev.serialboost.testing.shapes;

import org.objectweb.asm.Opcodes;

/** Java access levels with their class-file flags. */
public enum Access {
    PUBLIC(Opcodes.ACC_PUBLIC, "public "),
    PROTECTED(Opcodes.ACC_PROTECTED, "protected "),
    PACKAGE(0, ""),
    PRIVATE(Opcodes.ACC_PRIVATE, "private ");

    private final int flag;
    private final String keyword;

    Access(final int flag, final String keyword) {
        this.flag = flag;
        this.keyword = keyword;
    }

    public int flag() {
        return flag;
    }

    /** The modifier as written in source, with a trailing space; empty for package access. */
    public String keyword() {
        return keyword;
    }
}
