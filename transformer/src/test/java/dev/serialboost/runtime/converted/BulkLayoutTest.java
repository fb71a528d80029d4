package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.jdk.JdkUnsafe;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.invoke.MethodHandles;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bulk record itself: canonical bytes, both copy modes, boolean and NaN rules, misuse refused. */
class BulkLayoutTest {

    static final class AllLongs {
        long a;
        long b;
    }

    /** On the default JDK 17/25 layout the int sits in the header gap, before the long: mapped copy. */
    static final class LongInt {
        long a;
        int b;
    }

    static final class LongDouble {
        long a;
        double b;
    }

    static final class Flags {
        boolean x;
        boolean y;
        float f;
        double d;
    }

    private static BulkLayout layout(final Class<?> c, final String fields) throws Exception {
        return BulkLayout.bootstrap(MethodHandles.privateLookupIn(c, MethodHandles.lookup()), "$sb$bulk",
                BulkLayout.class, fields);
    }

    private static byte[] record(final BulkLayout layout, final Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            layout.write(o, out);
        }
        byte[] all = bytes.toByteArray();
        // stream header (4) + block header (2), then the record
        byte[] record = new byte[all.length - 6];
        System.arraycopy(all, 6, record, 0, record.length);
        return record;
    }

    private static void read(final BulkLayout layout, final Object o, final byte[] record) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.write(record);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            layout.apply(o, layout.readRecord(in));
        }
    }

    @Test
    void recordIsCanonicalLittleEndianInBothCopyModes() throws Exception {
        BulkLayout straight = layout(AllLongs.class, "a:J;b:J");
        BulkLayout mapped = layout(LongInt.class, "a:J;b:I");
        assertTrue(straight.isStraight(), straight.toString());
        // the mapped path must be exercised on the JVMs we test (int in the 12-byte header gap)
        assertFalse(mapped.isStraight(), mapped.toString());

        AllLongs longs = new AllLongs();
        longs.a = 0x0102030405060708L;
        longs.b = -2;
        assertArrayEquals(new byte[] {8, 7, 6, 5, 4, 3, 2, 1, -2, -1, -1, -1, -1, -1, -1, -1}, record(straight, longs));

        LongInt li = new LongInt();
        li.a = 0x1122334455667788L;
        li.b = 0xCAFEBABE;
        byte[] bytes = record(mapped, li);
        assertArrayEquals(new byte[] {(byte) 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11,
            (byte) 0xBE, (byte) 0xBA, (byte) 0xFE, (byte) 0xCA}, bytes);
        LongInt back = new LongInt();
        read(mapped, back, bytes);
        assertEquals(li.a, back.a);
        assertEquals(li.b, back.b);
    }

    @Test
    void booleansAreNormalisedAndNaNsWrittenCanonicalLikeTheJdk() throws Throwable {
        BulkLayout layout = layout(Flags.class, "d:D;f:F;x:Z;y:Z");
        Flags f = new Flags();
        f.d = Double.longBitsToDouble(0x7ff80000deadbeefL);
        f.f = Float.intBitsToFloat(0x7fc01234);
        byte[] record = record(layout, f);
        assertEquals(0x7ff8000000000000L, java.nio.ByteBuffer.wrap(record, 0, 8)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong());
        assertEquals(0x7fc00000, java.nio.ByteBuffer.wrap(record, 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt());

        // a hostile stream puts 2 and -1 into the booleans: they read as true, stored as 1
        record[12] = 2;
        record[13] = -1;
        Flags back = new Flags();
        read(layout, back, record);
        assertTrue(back.x);
        assertTrue(back.y);
        assertEquals(1, storedByte(back, "x"), "the JVM expects 0 or 1 in a boolean's byte");
        assertEquals(1, storedByte(back, "y"), "the JVM expects 0 or 1 in a boolean's byte");
    }

    @Test
    void onlyDoublesAreWrittenCanonicalNotLongsWithTheBitsOfANaN() throws Exception {
        BulkLayout layout = layout(LongDouble.class, "a:J;b:D");
        assertTrue(layout.isStraight(), layout.toString());
        LongDouble o = new LongDouble();
        o.a = 0x7ff80000deadbeefL;
        o.b = Double.longBitsToDouble(0xfff0000000000001L);
        ByteBuffer record = ByteBuffer.wrap(record(layout, o)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0x7ff80000deadbeefL, record.getLong(0));
        assertEquals(0x7ff8000000000000L, record.getLong(8));
        o.a = 0x7ff0000000000000L;
        o.b = Double.NEGATIVE_INFINITY;
        record = ByteBuffer.wrap(record(layout, o)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0x7ff0000000000000L, record.getLong(0));
        assertEquals(0xfff0000000000000L, record.getLong(8));
    }

    private static int storedByte(final Object o, final String field) throws Throwable {
        long offset = JdkUnsafe.objectFieldOffset(o.getClass(), field);
        return (byte) JdkUnsafe.PrimitiveFields.GET_BYTE.invokeExact(o, offset);
    }

    /** The converted format reads a whole object's primitives into one array: a level's record starts anywhere. */
    @Test
    void aRecordIsStoredFromWhereItStartsInTheObjectsDataInBothCopyModes() throws Exception {
        BulkLayout straight = layout(AllLongs.class, "a:J;b:J");
        BulkLayout mapped = layout(LongInt.class, "a:J;b:I");
        AllLongs longs = new AllLongs();
        longs.a = 0x0102030405060708L;
        longs.b = Long.MIN_VALUE + 3;
        LongInt li = new LongInt();
        li.a = -0x1122334455667788L;
        li.b = 0x7eadbeef;
        byte[] first = record(straight, longs);
        byte[] second = record(mapped, li);
        byte[] data = new byte[3 + first.length + second.length + 2];
        System.arraycopy(first, 0, data, 3, first.length);
        System.arraycopy(second, 0, data, 3 + first.length, second.length);
        AllLongs longsBack = new AllLongs();
        LongInt liBack = new LongInt();
        straight.apply(longsBack, data, 3);
        mapped.apply(liBack, data, 3 + first.length);
        assertEquals(longs.a, longsBack.a);
        assertEquals(longs.b, longsBack.b);
        assertEquals(li.a, liBack.a);
        assertEquals(li.b, liBack.b);
        // a record reaching past the data, or a negative start, is refused before anything is stored
        assertThrows(IllegalArgumentException.class, () -> mapped.apply(new LongInt(), data, data.length - 11));
        assertThrows(IllegalArgumentException.class, () -> straight.apply(new AllLongs(), data, -1));
    }

    @Test
    void misuseIsRefused() throws Exception {
        BulkLayout layout = layout(AllLongs.class, "a:J;b:J");
        assertThrows(ClassCastException.class, () -> record(layout, new LongInt()));
        assertThrows(NoSuchFieldException.class, () -> layout(AllLongs.class, "a:I;b:J"));
        assertThrows(IllegalAccessException.class, () -> BulkLayout.bootstrap(
                MethodHandles.publicLookup().in(AllLongs.class), "$sb$bulk", BulkLayout.class, "a:J"));
    }

    @Test
    void truncatedRecordIsAnIoException() throws Exception {
        BulkLayout layout = layout(AllLongs.class, "a:J;b:J");
        assertThrows(java.io.EOFException.class, () -> read(layout, new AllLongs(), new byte[5]));
    }
}
