package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.Overrides;
import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
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

    /** Why converted data cannot be checked against the descriptor an override returns, or null. */
    private static final Throwable PROBLEM = JdkObjectStreamClass.PROBLEM;

    private DescriptorOverrides() {
    }

    /** Null when converted data can be checked against the descriptor an override returns, else why not. */
    static String availability() {
        return PROBLEM == null ? null : "java.io.ObjectStreamClass has no accessible constructor, flags, fields or"
                + " computeFieldOffsets to read converted data through another class descriptor (" + PROBLEM + ")";
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
        ObjectStreamField[] wireFields = (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(wire);
        ObjectStreamField[] fields = (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(returned);
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
        ObjectStreamClass model = (ObjectStreamClass) JdkObjectStreamClass.NEW.invokeExact();
        JdkObjectStreamClass.SET_NAME.invokeExact(model, name);
        JdkObjectStreamClass.SET_SUID.invokeExact(model, Long.valueOf(returned.getSerialVersionUID()));
        boolean externalizable = (boolean) JdkObjectStreamClass.EXTERNALIZABLE.invokeExact(wire);
        boolean serializable = (boolean) JdkObjectStreamClass.SERIALIZABLE.invokeExact(wire);
        boolean writeMethod = (boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(wire);
        boolean blockData = (boolean) JdkObjectStreamClass.HAS_BLOCK_EXTERNAL_DATA.invokeExact(wire);
        JdkObjectStreamClass.SET_EXTERNALIZABLE.invokeExact(model, externalizable);
        JdkObjectStreamClass.SET_SERIALIZABLE.invokeExact(model, serializable);
        JdkObjectStreamClass.SET_HAS_WRITE_OBJECT_DATA.invokeExact(model, writeMethod);
        JdkObjectStreamClass.SET_HAS_BLOCK_EXTERNAL_DATA.invokeExact(model, blockData);
        JdkObjectStreamClass.SET_IS_ENUM.invokeExact(model, false);
        JdkObjectStreamClass.SET_FIELDS.invokeExact(model, wireFields.clone());
        JdkObjectStreamClass.COMPUTE_FIELD_OFFSETS.invokeExact(model);
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
        return (boolean) JdkObjectStreamClass.EXTERNALIZABLE.invokeExact(desc)
                && (boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(desc);
    }

    /** Whether {@code desc} is converted data's or a plain {@code Serializable} class's (not an enum or proxy). */
    private static boolean readable(final ObjectStreamClass desc) throws Throwable {
        return (boolean) JdkObjectStreamClass.SERIALIZABLE.invokeExact(desc)
                && !(boolean) JdkObjectStreamClass.IS_ENUM.invokeExact(desc)
                && !(boolean) JdkObjectStreamClass.IS_PROXY.invokeExact(desc)
                && (!(boolean) JdkObjectStreamClass.EXTERNALIZABLE.invokeExact(desc) || converted(desc));
    }

    private static boolean sameFlags(final ObjectStreamClass a, final ObjectStreamClass b) throws Throwable {
        return (boolean) JdkObjectStreamClass.HAS_BLOCK_EXTERNAL_DATA.invokeExact(a)
                == (boolean) JdkObjectStreamClass.HAS_BLOCK_EXTERNAL_DATA.invokeExact(b);
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
