package dev.serialboost.runtime.jdk;

import java.io.InputStream;
import java.lang.invoke.MethodHandle;

/**
 * The members of {@code java.io.ObjectInputStream$PeekInputStream} the runtime uses (see {@link JdkLookup}): the
 * stream under an object stream, the byte peeked, and the count of bytes read that serialization filters are given.
 * The peek stream is {@code Object} in the handles' types.
 */
public final class JdkPeekInputStream {

    /** Why a member is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code (Object) int}: reads {@code peekb}, the byte peeked, or -1. */
    public static final MethodHandle PEEKB;
    /** {@code (Object) InputStream}: reads {@code in}, the stream read from. */
    public static final MethodHandle IN;
    /** {@code (Object) long}: reads {@code totalBytesRead}. */
    public static final MethodHandle TOTAL_BYTES_READ;
    /** {@code (Object, long) void}: writes {@code totalBytesRead}. */
    public static final MethodHandle SET_TOTAL_BYTES_READ;

    static {
        JdkLookup in = JdkLookup.of("java.io.ObjectInputStream$PeekInputStream");
        PEEKB = in.getter("peekb", int.class);
        IN = in.getter("in", InputStream.class);
        TOTAL_BYTES_READ = in.getter("totalBytesRead", long.class);
        SET_TOTAL_BYTES_READ = in.setter("totalBytesRead", long.class);
        PROBLEM = in.problem();
    }

    private JdkPeekInputStream() {
    }
}
