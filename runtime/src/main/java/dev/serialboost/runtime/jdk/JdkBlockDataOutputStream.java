package dev.serialboost.runtime.jdk;

import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/**
 * The members of {@code java.io.ObjectOutputStream$BlockDataOutputStream} the runtime uses (see {@link JdkLookup}):
 * this class's own group is its writes of bytes and its buffer; {@link Elements} is its writes of primitive arrays.
 * The block-data stream is {@code Object} in the handles' types.
 */
public final class JdkBlockDataOutputStream {

    /** Why a member of this group is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code (Object, byte[], int, int, boolean) void}: {@code write(b, off, len, copy)}. */
    public static final MethodHandle WRITE;
    /** {@code (Object, int) void}: {@code writeByte(v)}. */
    public static final MethodHandle WRITE_BYTE;
    /** {@code (Object, boolean) boolean}: {@code setBlockDataMode(mode)}, which returns the mode before. */
    public static final MethodHandle SET_BLOCK_DATA_MODE;
    /** {@code (Object) boolean}: reads {@code blkmode}, whether the stream is in block-data mode. */
    public static final MethodHandle BLKMODE;
    /** {@code (Object) byte[]}: reads {@code buf}, the buffer. */
    public static final MethodHandle BUF;
    /** {@code (Object) int}: reads {@code pos}, the position in the buffer. */
    public static final MethodHandle POS;
    /** {@code (Object, int) void}: writes {@code pos}. */
    public static final MethodHandle SET_POS;
    /** {@code (Object) OutputStream}: reads {@code out}, the stream the buffer is drained into. */
    public static final MethodHandle OUT;

    static {
        JdkLookup in = JdkLookup.of("java.io.ObjectOutputStream$BlockDataOutputStream");
        WRITE = in.virtual("write", MethodType.methodType(void.class, byte[].class, int.class, int.class,
                boolean.class));
        WRITE_BYTE = in.virtual("writeByte", MethodType.methodType(void.class, int.class));
        SET_BLOCK_DATA_MODE = in.virtual("setBlockDataMode", MethodType.methodType(boolean.class, boolean.class));
        BLKMODE = in.getter("blkmode", boolean.class);
        BUF = in.getter("buf", byte[].class);
        POS = in.getter("pos", int.class);
        SET_POS = in.setter("pos", int.class);
        OUT = in.getter("out", OutputStream.class);
        PROBLEM = in.problem();
    }

    private JdkBlockDataOutputStream() {
    }

    /** Its writes of the elements of primitive arrays, each {@code (Object, T[], int, int) void}. */
    public static final class Elements {

        /** Why a member of this group is missing, or null. */
        public static final Throwable PROBLEM;
        /** {@code writeChars(v, off, len)}. */
        public static final MethodHandle WRITE_CHARS;
        /** {@code writeShorts(v, off, len)}. */
        public static final MethodHandle WRITE_SHORTS;
        /** {@code writeInts(v, off, len)}. */
        public static final MethodHandle WRITE_INTS;
        /** {@code writeFloats(v, off, len)}. */
        public static final MethodHandle WRITE_FLOATS;
        /** {@code writeLongs(v, off, len)}. */
        public static final MethodHandle WRITE_LONGS;
        /** {@code writeDoubles(v, off, len)}. */
        public static final MethodHandle WRITE_DOUBLES;

        static {
            JdkLookup in = JdkLookup.of("java.io.ObjectOutputStream$BlockDataOutputStream");
            WRITE_CHARS = in.virtual("writeChars", elements(char[].class));
            WRITE_SHORTS = in.virtual("writeShorts", elements(short[].class));
            WRITE_INTS = in.virtual("writeInts", elements(int[].class));
            WRITE_FLOATS = in.virtual("writeFloats", elements(float[].class));
            WRITE_LONGS = in.virtual("writeLongs", elements(long[].class));
            WRITE_DOUBLES = in.virtual("writeDoubles", elements(double[].class));
            PROBLEM = in.problem();
        }

        private Elements() {
        }
    }

    /** {@code (T[], int, int) void}, the type of a write or read of the elements of an array. */
    static MethodType elements(final Class<?> array) {
        return MethodType.methodType(void.class, array, int.class, int.class);
    }
}
