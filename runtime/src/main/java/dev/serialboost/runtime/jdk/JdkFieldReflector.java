package dev.serialboost.runtime.jdk;

import java.lang.invoke.MethodHandle;

/**
 * The members of {@code java.io.ObjectStreamClass$FieldReflector} the runtime uses (see {@link JdkLookup}): the arrays
 * with which a reflector copies an object's primitive fields, which the engine's generated copies are made from.
 * The reflector is {@code Object} in the handles' types.
 */
public final class JdkFieldReflector {

    /** Why a member is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code (Object) long[]}: reads {@code readKeys}, the offsets read from ({@code -1}: a field the class lacks). */
    public static final MethodHandle READ_KEYS;
    /** {@code (Object) long[]}: reads {@code writeKeys}, the field offsets to write to. */
    public static final MethodHandle WRITE_KEYS;
    /** {@code (Object) int[]}: reads {@code offsets}, where each field is in the field block. */
    public static final MethodHandle OFFSETS;
    /** {@code (Object) char[]}: reads {@code typeCodes}. */
    public static final MethodHandle TYPE_CODES;
    /** {@code (Object) int}: reads {@code numPrimFields}. */
    public static final MethodHandle NUM_PRIM_FIELDS;

    static {
        JdkLookup in = JdkLookup.of("java.io.ObjectStreamClass$FieldReflector");
        READ_KEYS = in.getter("readKeys", long[].class);
        WRITE_KEYS = in.getter("writeKeys", long[].class);
        OFFSETS = in.getter("offsets", int[].class);
        TYPE_CODES = in.getter("typeCodes", char[].class);
        NUM_PRIM_FIELDS = in.getter("numPrimFields", int.class);
        PROBLEM = in.problem();
    }

    private JdkFieldReflector() {
    }
}
