package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.TransformOptions;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.testing.Bytes;
import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.GraphAssert;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How a converted object's data sits in the stream: unframed (no block-data header and end marker around it, as the
 * JDK writes an {@code Externalizable} object under protocol 1), its descriptor flagged SC_EXTERNALIZABLE |
 * SC_WRITE_METHOD; framed data, as earlier versions wrote it, still read; and a class the reader cannot find read past
 * by the descriptors' fields, as plain JDK reads past a plain object's fields, so the stream stays in step. The
 * reader's outcome is compared with plain JDK's on the plain classes.
 */
class FramingTest {

    private static final String PKG = "dev.serialboost.framing.";
    private static final String TICK = PKG + "Tick";
    private static final String HOLDER = PKG + "Holder";
    private static final String MISSING = PKG + "Missing";
    private static final ClassLoader PARENT = FramingTest.class.getClassLoader();
    private static final byte TC_BLOCKDATA = 0x77;
    private static final byte TC_ENDBLOCKDATA = 0x78;
    private static final byte TC_NULL = 0x70;

    @Test
    void convertedDataHasNoBlockDataFrame() throws Exception {
        ClassLoader plain = loader(false, true);
        ClassLoader converted = loader(true, true);
        byte[] plainStream = write(tick(plain));
        byte[] convertedStream = write(tick(converted));
        assertEquals(0x02, flagsOf(plainStream, TICK));
        assertEquals(0x05, flagsOf(convertedStream, TICK), "SC_EXTERNALIZABLE | SC_WRITE_METHOD, no SC_BLOCK_DATA");
        // same descriptor bytes but the flags, same primitives (another order): the 4-byte shape is all that is added
        assertEquals(plainStream.length + 4, convertedStream.length);
        GraphAssert.assertSameGraph(tick(plain), read(convertedStream, converted).get(0));
    }

    @Test
    void framedDataAsEarlierVersionsWroteItStillReads() throws Exception {
        ClassLoader converted = loader(true, true);
        Object tick = tick(converted);
        // Tick: the shape and its 20-byte record; Holder: the shape, Tick's record, its short, then its references
        Object holder = create(converted, HOLDER, new Class<?>[] {Object.class, String.class}, 5, "name");
        for (Object[] c : new Object[][] {{tick, 4 + 20}, {holder, 4 + 20 + 2}}) {
            byte[] unframed = write(c[0]);
            byte[] framed = framed(unframed, (int) c[1]);
            assertEquals(0x0c, flagsOf(framed, TICK));
            GraphAssert.assertSameGraph(c[0], read(unframed, converted).get(0));
            GraphAssert.assertSameGraph(c[0], read(framed, converted).get(0));
        }
    }

    @Test
    void aClassTheReaderCannotFindIsReadPastAsPlainJdkReadsPastIt() throws Exception {
        for (boolean converted : new boolean[] {false, true}) {
            ClassLoader writer = loader(converted, true);
            ClassLoader reader = loader(converted, false);
            Object missing = create(writer, MISSING, new Class<?>[] {int.class, String.class}, 9, "gone");
            Object holder = create(writer, HOLDER, new Class<?>[] {Object.class, String.class}, missing, "holder");
            Object tick = tick(writer);
            // the missing object at the top, and as a reference inside an object; each followed by one that reads
            for (Object first : new Object[] {missing, holder}) {
                byte[] stream = write(first, tick, "after");
                if (converted) {
                    assertEquals(0x05, flagsOf(stream, MISSING));
                }
                List<Object> read = read(stream, reader);
                assertEquals("java.lang.ClassNotFoundException: " + MISSING, read.get(0), "converted=" + converted);
                GraphAssert.assertSameGraph(tick, read.get(1));
                assertEquals("after", read.get(2));
            }
        }
    }

    /**
     * A bulk record goes into the stream's 1,024-byte buffer in place when it fits there whole, else through the
     * stream's {@code write}: arrays of Ticks after 0 to 40 bytes of other data put records at every position
     * against the buffer's end, and every record must be in the stream as the format has it (the object's shape, then
     * time, price and size little-endian), right after the object's type code and class reference.
     */
    @Test
    void bulkRecordsAreTheSameBytesWhereverTheBufferEnds() throws Exception {
        ClassLoader converted = loader(true, true);
        Class<?> tickClass = converted.loadClass(TICK);
        for (int prefix = 0; prefix <= 40; prefix++) {
            Object[] ticks = (Object[]) java.lang.reflect.Array.newInstance(tickClass, 100);
            for (int i = 0; i < ticks.length; i++) {
                ticks[i] = create(converted, TICK, new Class<?>[] {long.class, double.class, int.class},
                        (long) i, i + 0.5, 3 * i);
            }
            byte[] stream = write((Object) new Object[] {new byte[prefix], ticks});
            int at = Bytes.indexOf(stream, record(0), 0);
            byte[] shape = Arrays.copyOfRange(stream, at - 4, at);
            for (int i = 1; i < ticks.length; i++) {
                byte[] expected = new byte[24];
                System.arraycopy(shape, 0, expected, 0, 4);
                System.arraycopy(record(i), 0, expected, 4, 20);
                int found = Bytes.indexOf(stream, expected, at + 20);
                assertEquals(at + 20 + 6, found, "Tick " + i + " after " + prefix + " bytes");
                assertEquals(0x73, stream[found - 6], "TC_OBJECT");
                assertEquals(0x71, stream[found - 5], "TC_REFERENCE");
                at = found + 4;
            }
            GraphAssert.assertSameGraph(ticks, ((Object[]) read(stream, converted).get(0))[1]);
        }
    }

    /**
     * A stream class that writes class descriptors of its own (here, as some frameworks do, only the class name,
     * which its reader turns back into {@code ObjectStreamClass.lookup} of the class: the class's ordinary
     * descriptor) gets the plain format for converted classes too: a converted view's data would not match what
     * its reader's descriptor says.
     */
    @Test
    void aStreamThatWritesItsOwnClassDescriptorsGetsThePlainFormat() throws Exception {
        ClassLoader converted = loader(true, true);
        Object holder = create(converted, HOLDER, new Class<?>[] {Object.class, String.class}, tick(converted), "n");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes) {
            @Override
            protected void writeClassDescriptor(final ObjectStreamClass desc) throws IOException {
                writeUTF(desc.getName());
            }
        }) {
            out.writeObject(holder);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())) {
            @Override
            protected ObjectStreamClass readClassDescriptor() throws IOException, ClassNotFoundException {
                return ObjectStreamClass.lookup(Class.forName(readUTF(), false, converted));
            }

            @Override
            protected Class<?> resolveClass(final ObjectStreamClass desc) throws ClassNotFoundException {
                return Class.forName(desc.getName(), false, converted);
            }
        }) {
            GraphAssert.assertSameGraph(holder, in.readObject());
        }
    }

    /**
     * Unframed converted data where the JDK reads around it: in a stream of protocol version 1, and as custom data of
     * a plain class whose {@code readObject} does not read it (the stream skips it object by object): the objects after
     * it read as with the plain classes.
     */
    @Test
    void unframedDataInProtocolOneStreamsAndSkippedCustomDataReadsAsPlainData() throws Exception {
        for (boolean converted : new boolean[] {false, true}) {
            ClassLoader loader = loader(converted, true);
            Object holder = create(loader, HOLDER, new Class<?>[] {Object.class, String.class}, tick(loader), "h");
            Object skipper = create(loader, PKG + "Skipper", new Class<?>[] {String.class, Object.class}, "s", holder);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.useProtocolVersion(java.io.ObjectStreamConstants.PROTOCOL_VERSION_1);
                out.writeObject(holder);
                out.writeObject(skipper);
                out.writeObject(tick(loader));
            }
            List<Object> read = read(bytes.toByteArray(), loader);
            assertEquals(3, read.size(), "converted=" + converted);
            GraphAssert.assertSameGraph(holder, read.get(0));
            java.lang.reflect.Field name = read.get(1).getClass().getDeclaredField("name");
            name.setAccessible(true);
            assertEquals("s", name.get(read.get(1)));
            GraphAssert.assertSameGraph(tick(loader), read.get(2));
            assertEquals(converted ? 0x05 : 0x02, flagsOf(bytes.toByteArray(), HOLDER));
        }
    }

    /**
     * Converted data of a class without references or own methods is read where it is when the stream reads exactly
     * a {@code ByteArrayInputStream} (its shape and record stored from that stream's buffer), else through the
     * stream's {@code readFully}. Read both ways (and by a stream class that overrides {@code readFully}, which must
     * see every read it sees without that shortcut), the same stream gives the same objects
     * and hands its filter the same values at the same points, whole and cut short at every byte (the same objects
     * before the same exception).
     */
    @Test
    void dataReadWhereItIsGivesWhatReadingThroughTheStreamGives() throws Exception {
        ClassLoader converted = loader(true, true);
        Class<?> tickClass = converted.loadClass(TICK);
        Object[] ticks = (Object[]) java.lang.reflect.Array.newInstance(tickClass, 50);
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = create(converted, TICK, new Class<?>[] {long.class, double.class, int.class},
                    (long) i << 40, i - 0.25, -i);
        }
        Object holder = create(converted, HOLDER, new Class<?>[] {Object.class, String.class}, ticks[3], "h");
        byte[] stream = write(ticks, tick(converted), holder, "after");
        for (int length = stream.length; length > 4; length--) {
            byte[] cut = Arrays.copyOf(stream, length);
            List<String> inPlace = new ArrayList<>();
            List<String> through = new ArrayList<>();
            List<String> overriding = new ArrayList<>();
            int[] fullReads = new int[1];
            List<Object> read = readLogged(new ByteArrayInputStream(cut), converted, inPlace, null);
            List<Object> readThrough = readLogged(new java.io.FilterInputStream(new ByteArrayInputStream(cut)) { },
                    converted, through, null);
            List<Object> readOverriding = readLogged(new ByteArrayInputStream(cut), converted, overriding, fullReads);
            assertEquals(through, inPlace, "filter calls and outcome, " + length + " of " + stream.length + " bytes");
            assertEquals(through, overriding, "filter calls and outcome, readFully overridden, " + length + " bytes");
            GraphAssert.assertSameGraph(readThrough, read);
            GraphAssert.assertSameGraph(readThrough, readOverriding);
            if (length == stream.length) {
                Object[] written = {ticks, tick(converted), holder, "after"};
                assertEquals(written.length, read.size(), "objects read");
                for (int i = 0; i < written.length; i++) {
                    GraphAssert.assertSameGraph(written[i], read.get(i));
                }
                // one per Tick; two for the Holder (its first level's bytes with the shape, then the rest)
                assertEquals(ticks.length + 1 + 2, fullReads[0], "the overriding stream's readFully calls");
            }
        }
    }

    /**
     * Every object of {@code input}, resolving classes in {@code loader}, appending to {@code log} what its filter is
     * handed at each call and, last, how the reading ended; with {@code fullReads}, by a stream class that overrides
     * {@code readFully(byte[], int, int)} and counts its calls there.
     */
    private static List<Object> readLogged(final java.io.InputStream input, final ClassLoader loader,
                                           final List<String> log, final int[] fullReads) throws IOException {
        List<Object> read = new ArrayList<>();
        ObjectInputStream in = fullReads == null ? new ObjectInputStream(input) {
            @Override
            protected Class<?> resolveClass(final ObjectStreamClass desc) throws ClassNotFoundException {
                return Class.forName(desc.getName(), false, loader);
            }
        } : new ObjectInputStream(input) {
            @Override
            protected Class<?> resolveClass(final ObjectStreamClass desc) throws ClassNotFoundException {
                return Class.forName(desc.getName(), false, loader);
            }

            @Override
            public void readFully(final byte[] buf, final int off, final int len) throws IOException {
                fullReads[0]++;
                super.readFully(buf, off, len);
            }
        };
        in.setObjectInputFilter(info -> {
            log.add(info.serialClass() + " " + info.arrayLength() + " " + info.depth() + " " + info.references()
                    + " " + info.streamBytes());
            return java.io.ObjectInputFilter.Status.UNDECIDED;
        });
        try {
            while (true) {
                read.add(in.readObject());
            }
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            log.add(e.toString());
        }
        return read;
    }

    /** Tick {@code i}'s bulk record: time, price, size, little-endian. */
    private static byte[] record(final int i) {
        return java.nio.ByteBuffer.allocate(20).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(i)
                .putDouble(i + 0.5).putInt(3 * i).array();
    }

    // ---- support ------------------------------------------------------------------------------------------------

    /** The framing's classes, converted or not, with or without {@code Missing}. */
    private static ClassLoader loader(final boolean converted, final boolean withMissing) {
        ClassFileSource source = ClassFileSource.of(PARENT);
        Function<String, byte[]> bytes = name -> !withMissing && name.equals(MISSING) ? null
                : source.read(name.replace('.', '/'));
        return ChildFirstLoader.of(PARENT, name -> name.startsWith(PKG), bytes,
                converted ? new ClassConverter(TransformOptions.DEFAULTS) : null);
    }

    private static Object tick(final ClassLoader loader) throws Exception {
        return create(loader, TICK, new Class<?>[] {long.class, double.class, int.class}, 1L, 2.5, 3);
    }

    private static Object create(final ClassLoader loader, final String name, final Class<?>[] types,
                                 final Object... args) throws Exception {
        return loader.loadClass(name).getConstructor(types).newInstance(args);
    }

    private static byte[] write(final Object... objects) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (Object o : objects) {
                out.writeObject(o);
            }
        }
        return bytes.toByteArray();
    }

    /** Every object in the stream, each read resolving classes in {@code loader} only; a failed read as its text. */
    private static List<Object> read(final byte[] stream, final ClassLoader loader) throws IOException {
        List<Object> read = new ArrayList<>();
        ByteArrayInputStream bytes = new ByteArrayInputStream(stream);
        try (ObjectInputStream in = new ObjectInputStream(bytes) {
            @Override
            protected Class<?> resolveClass(final ObjectStreamClass desc) throws ClassNotFoundException {
                return Class.forName(desc.getName(), false, loader);
            }
        }) {
            while (bytes.available() > 0) {
                try {
                    read.add(in.readObject());
                } catch (ClassNotFoundException e) {
                    read.add(e.toString());
                }
            }
        }
        return read;
    }

    /**
     * The stream of one converted Tick or Holder as earlier versions framed it: the descriptors flagged
     * SC_EXTERNALIZABLE | SC_BLOCK_DATA, the first {@code blocked} bytes of the data (up to the first reference) in a
     * block, and the end marker after the data (the object's data runs to the stream's end; it starts after Tick's
     * descriptor, the topmost level's, and its end, TC_ENDBLOCKDATA, and the end of the chain, TC_NULL).
     */
    private static byte[] framed(final byte[] stream, final int blocked) {
        byte[] copy = stream.clone();
        for (String className : new String[] {HOLDER, TICK}) {
            try {
                copy[Bytes.indexOf(copy, className.getBytes(StandardCharsets.UTF_8), 0) + className.length() + 8] = 0x0c;
            } catch (IllegalStateException e) {
                // a Tick alone
            }
        }
        int tick = Bytes.indexOf(copy, TICK.getBytes(StandardCharsets.UTF_8), 0);
        int data = Bytes.indexOf(copy, new byte[] {TC_ENDBLOCKDATA, TC_NULL}, tick) + 2;
        byte[] framed = new byte[copy.length + 3];
        System.arraycopy(copy, 0, framed, 0, data);
        framed[data] = TC_BLOCKDATA;
        framed[data + 1] = (byte) blocked;
        System.arraycopy(copy, data, framed, data + 2, copy.length - data);
        framed[framed.length - 1] = TC_ENDBLOCKDATA;
        assertTrue(Arrays.equals(copy, data, copy.length, framed, data + 2, framed.length - 1));
        return framed;
    }

    private static int flagsOf(final byte[] stream, final String className) {
        return stream[Bytes.indexOf(stream, className.getBytes(StandardCharsets.UTF_8), 0) + className.length() + 8];
    }
}
