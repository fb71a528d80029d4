package dev.serialboost.runtime.jdk;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/**
 * The members of {@code java.io.ObjectInputStream$BlockDataInputStream} the runtime uses (see {@link JdkLookup}): this
 * class's own group is its reads of bytes and strings and its state; {@link Elements} is its reads of primitive
 * arrays. The block-data stream and its {@code PeekInputStream} are {@code Object} in the handles' types.
 */
public final class JdkBlockDataInputStream {

    /** Why a member of this group is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code (Object, byte[], int, int, boolean) void}: {@code readFully(b, off, len, copy)}. */
    public static final MethodHandle READ_FULLY;
    /** {@code (Object, long) String}: {@code readUTFBody(utflen)}, the decoder of a string whose length was read. */
    public static final MethodHandle READ_UTF_BODY;
    /** {@code (Object, boolean) boolean}: {@code setBlockDataMode(newmode)}, which returns the mode before. */
    public static final MethodHandle SET_BLOCK_DATA_MODE;
    /** {@code (Object) boolean}: reads {@code blkmode}, whether the stream is in block-data mode. */
    public static final MethodHandle BLKMODE;
    /** {@code (Object, int) void}: writes {@code pos}, the position in its buffer. */
    public static final MethodHandle SET_POS;
    /** {@code (Object) Object}: reads {@code in}, the {@code PeekInputStream} it reads from. */
    public static final MethodHandle IN;
    /** {@code (Object) byte[]}: reads {@code buf}, its buffer (block data; outside it, where a primitive is read). */
    public static final MethodHandle BUF;

    static {
        JdkLookup in = JdkLookup.of("java.io.ObjectInputStream$BlockDataInputStream");
        READ_FULLY = in.virtual("readFully", MethodType.methodType(void.class, byte[].class, int.class, int.class,
                boolean.class));
        READ_UTF_BODY = in.virtual("readUTFBody", MethodType.methodType(String.class, long.class));
        SET_BLOCK_DATA_MODE = in.virtual("setBlockDataMode", MethodType.methodType(boolean.class, boolean.class));
        BLKMODE = in.getter("blkmode", boolean.class);
        SET_POS = in.setter("pos", int.class);
        IN = in.getter("in", in.type("java.io.ObjectInputStream$PeekInputStream"));
        BUF = in.getter("buf", byte[].class);
        PROBLEM = in.problem();
    }

    private JdkBlockDataInputStream() {
    }

    /** Its reads of the elements of primitive arrays, each {@code (Object, T[], int, int) void}. */
    public static final class Elements {

        /** Why a member of this group is missing, or null. */
        public static final Throwable PROBLEM;
        /** {@code readChars(v, off, len)}. */
        public static final MethodHandle READ_CHARS;
        /** {@code readShorts(v, off, len)}. */
        public static final MethodHandle READ_SHORTS;
        /** {@code readInts(v, off, len)}. */
        public static final MethodHandle READ_INTS;
        /** {@code readFloats(v, off, len)}. */
        public static final MethodHandle READ_FLOATS;
        /** {@code readLongs(v, off, len)}. */
        public static final MethodHandle READ_LONGS;
        /** {@code readDoubles(v, off, len)}. */
        public static final MethodHandle READ_DOUBLES;

        static {
            JdkLookup in = JdkLookup.of("java.io.ObjectInputStream$BlockDataInputStream");
            READ_CHARS = in.virtual("readChars", JdkBlockDataOutputStream.elements(char[].class));
            READ_SHORTS = in.virtual("readShorts", JdkBlockDataOutputStream.elements(short[].class));
            READ_INTS = in.virtual("readInts", JdkBlockDataOutputStream.elements(int[].class));
            READ_FLOATS = in.virtual("readFloats", JdkBlockDataOutputStream.elements(float[].class));
            READ_LONGS = in.virtual("readLongs", JdkBlockDataOutputStream.elements(long[].class));
            READ_DOUBLES = in.virtual("readDoubles", JdkBlockDataOutputStream.elements(double[].class));
            PROBLEM = in.problem();
        }

        private Elements() {
        }
    }
}
