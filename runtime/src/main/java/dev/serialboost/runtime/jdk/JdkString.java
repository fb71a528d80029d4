package dev.serialboost.runtime.jdk;

import java.lang.invoke.MethodHandle;

/**
 * The members of {@code java.lang.String} the runtime reads a string's characters with, without copying them (see
 * {@link JdkLookup}): read only, never written.
 */
public final class JdkString {

    /** Why a member is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code (String) byte[]}: reads {@code value}, the characters, one byte each when {@link #CODER} is LATIN1. */
    public static final MethodHandle VALUE;
    /** {@code (String) byte}: reads {@code coder}, {@link #LATIN1} or UTF16 (1). */
    public static final MethodHandle CODER;
    /** {@code String.LATIN1}: each character is one byte of {@code value}, its code point. */
    public static final byte LATIN1 = 0;

    static {
        JdkLookup in = JdkLookup.of(String.class);
        VALUE = in.getter("value", byte[].class);
        CODER = in.getter("coder", byte.class);
        PROBLEM = in.problem();
    }

    private JdkString() {
    }
}
