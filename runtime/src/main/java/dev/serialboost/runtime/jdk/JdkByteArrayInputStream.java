package dev.serialboost.runtime.jdk;

import java.io.ByteArrayInputStream;
import java.lang.invoke.MethodHandle;

/** The fields of {@code java.io.ByteArrayInputStream} the runtime reads and writes in place (see {@link JdkLookup}). */
public final class JdkByteArrayInputStream {

    /** Why a member is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code (ByteArrayInputStream) byte[]}: reads {@code buf}. */
    public static final MethodHandle BUF;
    /** {@code (ByteArrayInputStream) int}: reads {@code pos}, the next byte to read. */
    public static final MethodHandle POS;
    /** {@code (ByteArrayInputStream, int) void}: writes {@code pos}. */
    public static final MethodHandle SET_POS;
    /** {@code (ByteArrayInputStream) int}: reads {@code count}, the end of the bytes to read. */
    public static final MethodHandle COUNT;

    static {
        JdkLookup in = JdkLookup.of(ByteArrayInputStream.class);
        BUF = in.getter("buf", byte[].class);
        POS = in.getter("pos", int.class);
        SET_POS = in.setter("pos", int.class);
        COUNT = in.getter("count", int.class);
        PROBLEM = in.problem();
    }

    private JdkByteArrayInputStream() {
    }
}
