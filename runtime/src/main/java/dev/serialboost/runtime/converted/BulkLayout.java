package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.ApplicationFacing;
import dev.serialboost.runtime.jdk.JdkUnsafe;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteOrder;
import java.util.StringJoiner;

/**
 * Moves one class level's primitive fields between an object and the stream as a single record: how the
 * generated bulk body of an all-primitive class level writes and reads.
 *
 * <p><b>The record is canonical</b>: fields ordered by size (8, 4, 2, 1 bytes), then by declaration
 * order, packed without gaps, each little-endian. It depends only on the class file, never on the JVM,
 * so a writer and a reader with different field layouts (another JDK, compact object headers on one
 * side) always agree on its meaning; the class descriptor lists the fields in this order, and the shape ahead of
 * each object ({@code ConvertedShape}) covers it.
 *
 * <p><b>The copy is measured</b>: on first use this class reads the field offsets of the running JVM.
 * When they tile the record exactly (same relative positions, little-endian machine), the whole region
 * moves in 8-byte steps ("straight"); otherwise each field is mapped to its record position ("mapped").
 * Either way the values are bit-exact, and booleans are normalised to 0/1 on read as
 * {@code DataInput.readBoolean} does, so no byte of a stream can put another value into a boolean.
 *
 * <p>Instances come from a dynamic constant in the generated class ({@link #bootstrap}), made only with
 * that class's own full-privilege lookup; every call checks that the target is an instance of it.
 */
@ApplicationFacing
public final class BulkLayout {

    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    private static final long BASE = JdkUnsafe.BYTE_ARRAY_BASE;

    private final Class<?> owner;
    private final int size;
    /** Memory offset of the record's first byte when the copy is straight, else -1. */
    private final long start;
    /** Per field, in record order: primitive type descriptor, memory offset, width, record position. */
    private final char[] types;
    private final long[] offsets;
    private final int[] widths;
    private final int[] positions;
    /** Memory offsets of boolean fields, normalised to 0/1 on read. */
    private final long[] booleans;
    /**
     * Whether each 8-byte word of the record (a straight copy moves it as one) holds a double, and the record
     * positions of float fields: their NaNs are written canonical.
     */
    private final boolean[] doubleWords;
    private final int[] floats;

    private BulkLayout(final Class<?> owner, final char[] types, final long[] offsets, final int[] widths,
                       final int[] positions, final int size, final long start) {
        this.owner = owner;
        this.types = types;
        this.offsets = offsets;
        this.widths = widths;
        this.positions = positions;
        this.size = size;
        this.start = start;
        this.booleans = new long[count(types, 'Z')];
        this.doubleWords = new boolean[size / 8];
        this.floats = new int[count(types, 'F')];
        for (int f = 0, z = 0, x = 0; f < types.length; f++) {
            switch (types[f]) {
                case 'Z' -> booleans[z++] = offsets[f];
                case 'D' -> doubleWords[positions[f] / 8] = true; // 8-byte fields come first: at whole words
                case 'F' -> floats[x++] = positions[f];
                default -> { }
            }
        }
    }

    private static int count(final char[] types, final char type) {
        int n = 0;
        for (char t : types) {
            n += t == type ? 1 : 0;
        }
        return n;
    }

    /**
     * Bootstrap method of the dynamic constant in generated code.
     *
     * @param lookup    the generated class's own lookup
     * @param name      unused constant name
     * @param constType {@code BulkLayout.class}
     * @param fields    the record's fields in record order, {@code name:descriptor} joined by {@code ;}
     */
    public static BulkLayout bootstrap(final MethodHandles.Lookup lookup, final String name, final Class<?> constType,
                                       final String fields) throws NoSuchFieldException, IllegalAccessException {
        Class<?> owner = lookup.lookupClass();
        if (!lookup.hasFullPrivilegeAccess()) {
            throw new IllegalAccessException("BulkLayout needs the full-privilege lookup of " + owner.getName());
        }
        if (owner.isRecord() || owner.isHidden()) {
            // their final fields are final even to their own code's reflection: no class gets to change them here
            throw new IllegalAccessException("BulkLayout refuses a record or hidden class: " + owner.getName());
        }
        return of(owner, fields);
    }

    /** The layout of {@code owner}'s record {@code fields}, for the runtime's own use (see {@link #bootstrap}). */
    static BulkLayout of(final Class<?> owner, final String fields) throws NoSuchFieldException {
        String[] specs = fields.split(";");
        char[] types = new char[specs.length];
        long[] offsets = new long[specs.length];
        int[] widths = new int[specs.length];
        int[] positions = new int[specs.length];
        int position = 0;
        for (int i = 0; i < specs.length; i++) {
            int colon = specs[i].indexOf(':');
            String fieldName = specs[i].substring(0, colon);
            String descriptor = specs[i].substring(colon + 1);
            Field field = owner.getDeclaredField(fieldName);
            if (Modifier.isStatic(field.getModifiers()) || !field.getType().isPrimitive()
                    || !field.getType().descriptorString().equals(descriptor)) {
                throw new NoSuchFieldException(owner.getName() + "." + fieldName
                        + " is not a primitive instance field of type " + descriptor);
            }
            types[i] = descriptor.charAt(0);
            widths[i] = width(types[i]);
            offsets[i] = JdkUnsafe.objectFieldOffset(owner, fieldName);
            positions[i] = position;
            position += widths[i];
        }
        boolean straight = LITTLE_ENDIAN;
        for (int i = 0; i < specs.length && straight; i++) {
            straight = offsets[i] - offsets[0] == positions[i];
        }
        return new BulkLayout(owner, types, offsets, widths, positions, position, straight ? offsets[0] : -1);
    }

    private static int width(final char type) {
        return switch (type) {
            case 'J', 'D' -> 8;
            case 'I', 'F' -> 4;
            case 'S', 'C' -> 2;
            case 'B', 'Z' -> 1;
            default -> throw new IllegalArgumentException("not a primitive type: " + type);
        };
    }

    /**
     * Writes the target's fields as one record: in place in the stream's buffer when it has room ({@link
     * OutputBuffer}), else through {@code out.write}.
     */
    public void write(final Object target, final ObjectOutput out) throws IOException {
        Object o = owner.cast(target);
        try {
            Object bout = OutputBuffer.of(out);
            int at = bout == null ? -1 : OutputBuffer.reserve(bout, size);
            if (at >= 0) {
                fill(o, OutputBuffer.buffer(bout), at);
                return;
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        byte[] record = new byte[size];
        fill(o, record, 0);
        out.write(record, 0, size);
    }

    /** Puts the target's fields, as the record, into {@code data} from {@code at}. */
    private void fill(final Object o, final byte[] data, final int at) {
        long from = start; // in locals, as in apply
        int bytes = size;
        if (from >= 0) {
            int i = 0;
            for (; i + 8 <= bytes; i += 8) {
                long v = getLongUnaligned(o, from + i);
                // any bits with the exponent of a NaN are rare: only then is the word looked at as a double
                if ((v & 0x7FF0_0000_0000_0000L) == 0x7FF0_0000_0000_0000L && (v & 0x000F_FFFF_FFFF_FFFFL) != 0
                        && doubleWords[i >>> 3]) {
                    v = 0x7FF8_0000_0000_0000L;
                }
                putLongUnaligned(data, BASE + at + i, v);
            }
            for (; i < bytes; i++) {
                data[at + i] = getByte(o, from + i);
            }
            if (floats.length > 0) {
                canonicalNaNs(data, at);
            }
        } else {
            fillMapped(o, data, at);
        }
    }

    /** {@link #fill} field by field. */
    private void fillMapped(final Object o, final byte[] data, final int at) {
        for (int f = 0; f < offsets.length; f++) {
            long v = load(o, offsets[f], widths[f]);
            if (types[f] == 'D') {
                v = Double.doubleToLongBits(Double.longBitsToDouble(v));
            } else if (types[f] == 'F') {
                v = Float.floatToIntBits(Float.intBitsToFloat((int) v));
            }
            for (int b = 0; b < widths[f]; b++) {
                data[at + positions[f] + b] = (byte) (v >>> (8 * b));
            }
        }
    }

    /**
     * Plain JDK serialization writes floating-point values through {@code doubleToLongBits} and
     * {@code floatToIntBits}, which turn every NaN into the canonical one; so does the record (its doubles as
     * {@link #fill} copies them). Only called on little-endian machines (straight copy), where the record's bytes
     * are native order.
     */
    private void canonicalNaNs(final byte[] data, final int at) {
        for (int f : floats) {
            int p = at + f;
            int bits = (data[p] & 0xFF) | (data[p + 1] & 0xFF) << 8 | (data[p + 2] & 0xFF) << 16
                    | (data[p + 3] & 0xFF) << 24;
            if ((bits & 0x7F80_0000) == 0x7F80_0000 && (bits & 0x007F_FFFF) != 0) {
                data[p] = 0;
                data[p + 1] = 0;
                data[p + 2] = (byte) 0xC0;
                data[p + 3] = 0x7F;
            }
        }
    }

    /**
     * Reads one record. Generated code stores it with {@link #apply} only after the whole object's data is
     * read, as plain JDK reading sets no field of an object before it has read all of them.
     */
    public byte[] readRecord(final ObjectInput in) throws IOException {
        byte[] record = new byte[size];
        in.readFully(record, 0, size);
        return record;
    }

    /** Stores a record read by {@link #readRecord} into the target's fields. */
    public void apply(final Object target, final byte[] record) {
        if (record.length != size) {
            throw new IllegalArgumentException("a " + size + "-byte record is needed, not " + record.length);
        }
        apply(target, record, 0);
    }

    /** Stores the record that starts at {@code at} in {@code data} (a whole object's primitives) into the target. */
    public void apply(final Object target, final byte[] data, final int at) {
        Object o = owner.cast(target);
        if (at < 0 || data.length - at < size) {
            throw new IllegalArgumentException("a " + size + "-byte record is needed at " + at + " of "
                    + data.length + " bytes");
        }
        // the layout's fields in locals: the JIT reloads a field after every store through Unsafe into an object (which
        // may be this one), and that cost this loop 6% of a MarketData read
        long from = start;
        int bytes = size;
        if (from >= 0) {
            int i = 0;
            for (; i + 8 <= bytes; i += 8) {
                putLongUnaligned(o, from + i, getLongUnaligned(data, BASE + at + i));
            }
            for (; i < bytes; i++) {
                putByte(o, from + i, data[at + i]);
            }
        } else {
            applyMapped(o, data, at);
        }
        for (long b : booleans) {
            putByte(o, b, getByte(o, b) == 0 ? (byte) 0 : (byte) 1);
        }
    }

    /** {@link #apply} field by field (a method of its own keeps the straight copy small enough to be inlined). */
    private void applyMapped(final Object o, final byte[] data, final int at) {
        for (int f = 0; f < offsets.length; f++) {
            long v = 0;
            for (int b = widths[f] - 1; b >= 0; b--) {
                v = (v << 8) | (data[at + positions[f] + b] & 0xFF);
            }
            store(o, offsets[f], widths[f], v);
        }
    }

    /** For error messages and tests: size, copy mode and field offsets. */
    @Override
    public String toString() {
        StringJoiner fields = new StringJoiner(", ", owner.getName() + ": " + size + "-byte record, "
                + (start >= 0 ? "straight copy from offset " + start : "mapped") + " [", "]");
        for (int f = 0; f < offsets.length; f++) {
            fields.add("@" + offsets[f] + "->" + positions[f] + "/" + widths[f]);
        }
        return fields.toString();
    }

    /** Whether the region is copied in 8-byte steps on this JVM. */
    public boolean isStraight() {
        return start >= 0;
    }

    private static long load(final Object o, final long offset, final int width) {
        try {
            return switch (width) {
                case 8 -> (long) JdkUnsafe.PrimitiveFields.GET_LONG.invokeExact(o, offset);
                case 4 -> (int) JdkUnsafe.PrimitiveFields.GET_INT.invokeExact(o, offset);
                case 2 -> (short) JdkUnsafe.PrimitiveFields.GET_SHORT.invokeExact(o, offset);
                default -> (byte) JdkUnsafe.PrimitiveFields.GET_BYTE.invokeExact(o, offset);
            };
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static void store(final Object o, final long offset, final int width, final long v) {
        try {
            switch (width) {
                case 8 -> JdkUnsafe.PrimitiveFields.PUT_LONG.invokeExact(o, offset, v);
                case 4 -> JdkUnsafe.PrimitiveFields.PUT_INT.invokeExact(o, offset, (int) v);
                case 2 -> JdkUnsafe.PrimitiveFields.PUT_SHORT.invokeExact(o, offset, (short) v);
                default -> JdkUnsafe.PrimitiveFields.PUT_BYTE.invokeExact(o, offset, (byte) v);
            }
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static long getLongUnaligned(final Object o, final long offset) {
        try {
            return (long) JdkUnsafe.PrimitiveFields.GET_LONG_UNALIGNED.invokeExact(o, offset);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static void putLongUnaligned(final Object o, final long offset, final long v) {
        try {
            JdkUnsafe.PrimitiveFields.PUT_LONG_UNALIGNED.invokeExact(o, offset, v);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static byte getByte(final Object o, final long offset) {
        try {
            return (byte) JdkUnsafe.PrimitiveFields.GET_BYTE.invokeExact(o, offset);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static void putByte(final Object o, final long offset, final byte v) {
        try {
            JdkUnsafe.PrimitiveFields.PUT_BYTE.invokeExact(o, offset, v);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
