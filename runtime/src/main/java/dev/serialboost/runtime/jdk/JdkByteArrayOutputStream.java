package dev.serialboost.runtime.jdk;

import java.io.ByteArrayOutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/** The members of {@code java.io.ByteArrayOutputStream} the runtime writes in place with (see {@link JdkLookup}). */
public final class JdkByteArrayOutputStream {

    /** Why a member is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code (ByteArrayOutputStream) byte[]}: reads {@code buf}. */
    public static final MethodHandle BUF;
    /** {@code (ByteArrayOutputStream) int}: reads {@code count}, the bytes written. */
    public static final MethodHandle COUNT;
    /** {@code (ByteArrayOutputStream, int) void}: writes {@code count}. */
    public static final MethodHandle SET_COUNT;
    /** {@code (ByteArrayOutputStream, int) void}: {@code ensureCapacity(minCapacity)}, which grows {@code buf}. */
    public static final MethodHandle ENSURE_CAPACITY;

    static {
        JdkLookup in = JdkLookup.of(ByteArrayOutputStream.class);
        BUF = in.getter("buf", byte[].class);
        COUNT = in.getter("count", int.class);
        SET_COUNT = in.setter("count", int.class);
        ENSURE_CAPACITY = in.virtual("ensureCapacity", MethodType.methodType(void.class, int.class));
        PROBLEM = in.problem();
    }

    private JdkByteArrayOutputStream() {
    }
}
