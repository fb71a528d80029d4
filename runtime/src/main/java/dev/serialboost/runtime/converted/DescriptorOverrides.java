package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.Overrides;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Converted data read through a class descriptor that a stream class's own {@code readClassDescriptor} returned in
 * place of the one it read: the usual migration of a class rename ({@code ObjectStreamClass.lookup(NewName.class)}
 * returned when the stream says {@code OldName}), an override that returns {@code lookup(cl)} for every descriptor,
 * one that returns a descriptor kept from an earlier stream. The JDK reads an object's data as the descriptor
 * {@code initNonProxy} takes as its model describes it; for converted data, written with the converted layout's
 * descriptor (flags {@code SC_EXTERNALIZABLE | SC_WRITE_METHOD}, the fields in the order of the data), a class's
 * ordinary descriptor describes another layout: its 4-byte shape and fields would be read as plain field data, so a
 * class of primitives only got shifted values and no error, and others {@code invalid type code}.
 *
 * <p>So the JDK's own {@code readClassDescriptor()} says what it read ({@link #read}), and {@code readNonProxyDesc},
 * once {@code resolveClass} and the stream's filter had the returned descriptor as the JDK gives it to them, takes as
 * its model what {@link #model} answers: the returned descriptor when it describes what was read, or when neither is
 * converted data (plain JDK's reading, whatever it gives); when one of them is converted data and the returned one
 * has the same fields (names, and the type of each primitive), a model with the returned descriptor's name and
 * serialVersionUID (what the JDK checks the local class against, as without the agent) and the flags and fields of
 * the descriptor read (what the data is): the data then reads as converted data of another shape of the local class
 * does ({@link EvolvedRead}), which gives the object plain JDK gives for the plain format; else an {@code
 * InvalidClassException} naming the class and both field lists. A renamed class's data carries the writer's class
 * name in its shape ({@link ConvertedShape}), so the writer's name of the stream's descriptor is kept for {@link
 * EvolvedRead} ({@link #writerName}).
 *
 * <p>What is remembered: per thread, the last few descriptors the JDK's {@code readClassDescriptor()} read for
 * streams whose class overrides it, each with its stream held weakly, taken by the same stream's {@code
 * readNonProxyDesc} (a nested read of another stream in {@code resolveClass} keeps its own); and, for a stream
 * descriptor bound under a name other than its writer's, that name, in a weak map keyed by the descriptor (one
 * stream's own object), so it goes with the stream. A stream class that reads its descriptors without calling the
 * JDK's {@code readClassDescriptor()} reads what its writer wrote its own way ({@code writeClassDescriptor}), which
 * is always the plain format.
 */
final class DescriptorOverrides {

    /** Descriptors read and not yet taken, per thread: pairs of (weak stream, descriptor). */
    private static final int SLOTS = 4;
    private static final ThreadLocal<Object[]> READ = ThreadLocal.withInitial(() -> new Object[2 * SLOTS]);
    /** The writer's class name of stream descriptors bound under another name, by descriptor. */
    private static final Map<ObjectStreamClass, String> WRITER_NAMES = Collections.synchronizedMap(new WeakHashMap<>());
    /** Whether {@link #WRITER_NAMES} ever had an entry: until then {@link #writerName} looks at nothing. */
    private static volatile boolean renamed;

    private static final MethodHandle NEW_DESCRIPTOR;
    private static final MethodHandle EXTERNALIZABLE;
    private static final MethodHandle SERIALIZABLE;
    private static final MethodHandle HAS_WRITE_OBJECT_DATA;
    private static final MethodHandle HAS_BLOCK_EXTERNAL_DATA;
    private static final MethodHandle IS_ENUM;
    private static final MethodHandle IS_PROXY;
    private static final MethodHandle FIELDS;
    private static final MethodHandle SET_NAME;
    private static final MethodHandle SET_SUID;
    private static final MethodHandle SET_EXTERNALIZABLE;
    private static final MethodHandle SET_SERIALIZABLE;
    private static final MethodHandle SET_HAS_WRITE_OBJECT_DATA;
    private static final MethodHandle SET_HAS_BLOCK_EXTERNAL_DATA;
    private static final MethodHandle SET_IS_ENUM;
    private static final MethodHandle SET_FIELDS;
    private static final MethodHandle COMPUTE_FIELD_OFFSETS;
    private static final String PROBLEM;

    static {
        MethodHandle[] h = new MethodHandle[17];
        String problem = null;
        try {
            Class<?> osc = ObjectStreamClass.class;
            MethodHandles.Lookup io = MethodHandles.privateLookupIn(osc, MethodHandles.lookup());
            h[0] = io.findConstructor(osc, MethodType.methodType(void.class));
            h[1] = io.findGetter(osc, "externalizable", boolean.class);
            h[2] = io.findGetter(osc, "serializable", boolean.class);
            h[3] = io.findGetter(osc, "hasWriteObjectData", boolean.class);
            h[4] = io.findGetter(osc, "hasBlockExternalData", boolean.class);
            h[5] = io.findGetter(osc, "isEnum", boolean.class);
            h[6] = io.findGetter(osc, "isProxy", boolean.class);
            h[7] = io.findGetter(osc, "fields", ObjectStreamField[].class);
            h[8] = io.findSetter(osc, "name", String.class);
            h[9] = io.findSetter(osc, "suid", Long.class);
            h[10] = io.findSetter(osc, "externalizable", boolean.class);
            h[11] = io.findSetter(osc, "serializable", boolean.class);
            h[12] = io.findSetter(osc, "hasWriteObjectData", boolean.class);
            h[13] = io.findSetter(osc, "hasBlockExternalData", boolean.class);
            h[14] = io.findSetter(osc, "isEnum", boolean.class);
            h[15] = io.findSetter(osc, "fields", ObjectStreamField[].class);
            h[16] = io.findVirtual(osc, "computeFieldOffsets", MethodType.methodType(void.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            problem = "java.io.ObjectStreamClass has no accessible constructor, flags, fields or computeFieldOffsets to"
                    + " read converted data through another class descriptor (" + e + ")";
        }
        NEW_DESCRIPTOR = h[0];
        EXTERNALIZABLE = h[1];
        SERIALIZABLE = h[2];
        HAS_WRITE_OBJECT_DATA = h[3];
        HAS_BLOCK_EXTERNAL_DATA = h[4];
        IS_ENUM = h[5];
        IS_PROXY = h[6];
        FIELDS = h[7];
        SET_NAME = h[8];
        SET_SUID = h[9];
        SET_EXTERNALIZABLE = h[10];
        SET_SERIALIZABLE = h[11];
        SET_HAS_WRITE_OBJECT_DATA = h[12];
        SET_HAS_BLOCK_EXTERNAL_DATA = h[13];
        SET_IS_ENUM = h[14];
        SET_FIELDS = h[15];
        COMPUTE_FIELD_OFFSETS = h[16];
        PROBLEM = problem;
    }

    private DescriptorOverrides() {
    }

    /** Null when converted data can be checked against the descriptor an override returns, else why not. */
    static String availability() {
        return PROBLEM;
    }

    /** Whether the stream's class overrides {@code readClassDescriptor} (only then can the two descriptors differ). */
    private static boolean overrides(final ObjectInputStream in) {
        return in.getClass() != ObjectInputStream.class && Overrides.READ_CLASS_DESCRIPTOR.get(in.getClass());
    }

    /** Remembers that the JDK's own {@code readClassDescriptor()} of {@code in} read {@code desc}. */
    static void read(final ObjectInputStream in, final ObjectStreamClass desc) {
        if (PROBLEM != null || !overrides(in)) {
            return;
        }
        Object[] read = READ.get();
        int free = -1;
        for (int i = 0; i < read.length; i += 2) {
            Object stream = read[i] == null ? null : ((WeakReference<?>) read[i]).get();
            if (stream == in) {
                read[i + 1] = desc; // the last one this stream read
                return;
            }
            if (stream == null && free < 0) {
                free = i;
            }
        }
        if (free < 0) {
            // more streams than slots read descriptors nested in each other: the oldest goes
            System.arraycopy(read, 2, read, 0, read.length - 2);
            free = read.length - 2;
        }
        read[free] = new WeakReference<>(in);
        read[free + 1] = desc;
    }

    /** The descriptor the JDK's {@code readClassDescriptor()} of {@code in} read last, forgotten; null if none. */
    private static ObjectStreamClass take(final ObjectInputStream in) {
        Object[] read = READ.get();
        for (int i = 0; i < read.length; i += 2) {
            if (read[i] != null && ((WeakReference<?>) read[i]).get() == in) {
                ObjectStreamClass desc = (ObjectStreamClass) read[i + 1];
                read[i] = null;
                read[i + 1] = null;
                return desc;
            }
        }
        return null;
    }

    /**
     * The model {@code initNonProxy} is to bind the stream's new descriptor {@code pending} with, given {@code
     * returned}, what {@code in.readClassDescriptor()} returned: see the class comment.
     *
     * @throws InvalidClassException when one of the descriptor read and the one returned is converted data and the
     *                               other does not have its fields
     */
    static ObjectStreamClass model(final ObjectInputStream in, final ObjectStreamClass pending,
                                   final ObjectStreamClass returned) throws Throwable {
        if (PROBLEM != null || !overrides(in)) {
            return returned;
        }
        ObjectStreamClass wire = take(in);
        if (wire == null || wire == returned || returned == null) {
            return returned;
        }
        boolean wireConverted = converted(wire);
        if (!wireConverted && !converted(returned)) {
            return returned; // the plain format both ways: the JDK's reading, as without the agent
        }
        String writer = wire.getName();
        String name = returned.getName();
        boolean sameName = simpleName(writer).equals(simpleName(name));
        ObjectStreamField[] wireFields = (ObjectStreamField[]) FIELDS.invokeExact(wire);
        ObjectStreamField[] fields = (ObjectStreamField[]) FIELDS.invokeExact(returned);
        if (!readable(wire) || !readable(returned) || !layout(wireFields).equals(layout(fields))) {
            throw new InvalidClassException(name, "the class descriptor readClassDescriptor returned does not describe"
                    + " the data: " + (wireConverted ? "the stream has " + writer + " in serialboost's converted"
                    + " format" : "the stream has " + writer + " in the plain format") + describe(wire, wireFields)
                    + ", the descriptor returned is " + (converted(returned) ? "converted data's" : "the plain"
                    + " format's") + describe(returned, fields) + "; serialboost reads converted data only through a"
                    + " descriptor with the writer's fields, and refuses to misread it");
        }
        if (sameName && wireConverted && converted(returned) && sameFlags(wire, returned)
                && wire.getSerialVersionUID() == returned.getSerialVersionUID()
                && java.util.Arrays.equals(layoutInOrder(wireFields), layoutInOrder(fields))) {
            return returned; // describes the data as the descriptor read does
        }
        ObjectStreamClass model = (ObjectStreamClass) NEW_DESCRIPTOR.invokeExact();
        SET_NAME.invokeExact(model, name);
        SET_SUID.invokeExact(model, Long.valueOf(returned.getSerialVersionUID()));
        SET_EXTERNALIZABLE.invokeExact(model, (boolean) EXTERNALIZABLE.invokeExact(wire));
        SET_SERIALIZABLE.invokeExact(model, (boolean) SERIALIZABLE.invokeExact(wire));
        SET_HAS_WRITE_OBJECT_DATA.invokeExact(model, (boolean) HAS_WRITE_OBJECT_DATA.invokeExact(wire));
        SET_HAS_BLOCK_EXTERNAL_DATA.invokeExact(model, (boolean) HAS_BLOCK_EXTERNAL_DATA.invokeExact(wire));
        SET_IS_ENUM.invokeExact(model, false);
        SET_FIELDS.invokeExact(model, wireFields.clone());
        COMPUTE_FIELD_OFFSETS.invokeExact(model);
        if (wireConverted && !sameName && pending != null) {
            WRITER_NAMES.put(pending, writer);
            renamed = true;
        }
        return model;
    }

    /**
     * The class name the writer gave the data of the stream descriptor {@code desc}, which its shape covers: its own
     * name, unless it was bound under another ({@link #model}).
     */
    static String writerName(final ObjectStreamClass desc) {
        if (renamed) {
            String writer = WRITER_NAMES.get(desc);
            if (writer != null) {
                return writer;
            }
        }
        return desc.getName();
    }

    /** Whether {@code desc} describes converted data (flags {@code SC_EXTERNALIZABLE | SC_WRITE_METHOD}). */
    private static boolean converted(final ObjectStreamClass desc) throws Throwable {
        return (boolean) EXTERNALIZABLE.invokeExact(desc) && (boolean) HAS_WRITE_OBJECT_DATA.invokeExact(desc);
    }

    /** Whether {@code desc} is converted data's or a plain {@code Serializable} class's (not an enum or proxy). */
    private static boolean readable(final ObjectStreamClass desc) throws Throwable {
        return (boolean) SERIALIZABLE.invokeExact(desc) && !(boolean) IS_ENUM.invokeExact(desc)
                && !(boolean) IS_PROXY.invokeExact(desc)
                && (!(boolean) EXTERNALIZABLE.invokeExact(desc) || (boolean) HAS_WRITE_OBJECT_DATA.invokeExact(desc));
    }

    private static boolean sameFlags(final ObjectStreamClass a, final ObjectStreamClass b) throws Throwable {
        return (boolean) HAS_BLOCK_EXTERNAL_DATA.invokeExact(a) == (boolean) HAS_BLOCK_EXTERNAL_DATA.invokeExact(b);
    }

    /** Each field as {@code name:code} ({@code L} for any reference), as the data's layout depends on them. */
    private static String[] layoutInOrder(final ObjectStreamField[] fields) {
        String[] layout = new String[fields.length];
        for (int i = 0; i < fields.length; i++) {
            layout[i] = fields[i].getName() + ":" + (fields[i].isPrimitive() ? fields[i].getTypeCode() : 'L');
        }
        return layout;
    }

    /** {@link #layoutInOrder}, sorted: the same fields in any order. */
    private static List<String> layout(final ObjectStreamField[] fields) {
        List<String> layout = new ArrayList<>(List.of(layoutInOrder(fields)));
        Collections.sort(layout);
        return layout;
    }

    private static String describe(final ObjectStreamClass desc, final ObjectStreamField[] fields) {
        return " (" + desc.getName() + ", serialVersionUID " + desc.getSerialVersionUID() + ", fields "
                + layout(fields) + ")";
    }

    /** A class name without its package, as the JDK compares stream and local class names. */
    private static String simpleName(final String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
