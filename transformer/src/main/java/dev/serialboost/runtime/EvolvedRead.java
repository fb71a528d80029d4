package dev.serialboost.runtime;

import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads converted-format data written by another shape of the class (fields added, removed or reordered, another
 * bulk setting, a converted superclass added or removed) exactly as the JDK reads a {@code Serializable} class
 * whose stream descriptors differ from the local class, with the JDK's own code: {@code ObjectStreamClass
 * .getClassDataLayout} pairs the stream's class levels with the local ones by name, {@code ObjectInputStream
 * .FieldValues} reads each level's fields in the stream's order (every reference through {@code readObject0}, so
 * a dropped field's object is still read, gets its handle, and marks no dependency), and its
 * {@code defaultCheckFieldValues} / {@code defaultSetFieldValues} assign those the local class has, after all
 * levels are read. Fields the stream lacks keep their defaults. A changed primitive type never gets here: the
 * JDK's {@code initNonProxy} refuses the descriptor ({@code incompatible types for field}), as for plain data.
 *
 * <p>The converted format differs from the plain one in two things this class takes care of: a level written as
 * one bulk record (little-endian, in the record order its descriptor lists) is turned into the JDK's big-endian
 * field data before it is assigned; and each object's data starts with its shape ({@link ConvertedShape}), which
 * the caller has read and which tells which of the stream's levels were bulk records.
 *
 * <p>Cost: a {@link Plan} per stream class descriptor (the class data layout, and up to 2<sup>k</sup> shapes for k
 * all-primitive levels), then per object what the JDK spends on a {@code Serializable} object.
 */
final class EvolvedRead {

    /** At most this many all-primitive levels are tried as bulk or not (2^12 shapes); beyond, the data is refused. */
    private static final int MAX_BULK_CANDIDATES = 12;

    /**
     * How objects of one stream descriptor are read: the slots of its class data layout, and for each slot with
     * data whether the writer wrote it as a bulk record.
     */
    record Plan(ObjectStreamClass desc, int shape, ObjectStreamClass[] slots, boolean[] hasData, boolean[] bulk) {
    }

    private static final MethodHandle CLASS_DATA_LAYOUT;
    private static final MethodHandle SLOT_DESC;
    private static final MethodHandle SLOT_HAS_DATA;
    private static final MethodHandle NEW_FIELD_VALUES;
    private static final MethodHandle CHECK_FIELD_VALUES;
    private static final MethodHandle SET_FIELD_VALUES;
    private static final MethodHandle HANDLES;
    private static final MethodHandle PASS_HANDLE;
    private static final MethodHandle LOOKUP_EXCEPTION;
    private static final MethodHandle FIELDS;
    private static final MethodHandle PRIM_DATA_SIZE;
    private static final MethodHandle SET_PRIM_FIELD_VALUES;
    private static final String PROBLEM;

    static {
        MethodHandle classDataLayout = null;
        MethodHandle slotDesc = null;
        MethodHandle slotHasData = null;
        MethodHandle newFieldValues = null;
        MethodHandle checkFieldValues = null;
        MethodHandle setFieldValues = null;
        MethodHandle handles = null;
        MethodHandle passHandle = null;
        MethodHandle lookupException = null;
        MethodHandle fields = null;
        MethodHandle primDataSize = null;
        MethodHandle setPrimFieldValues = null;
        String problem = null;
        try {
            Class<?> osc = ObjectStreamClass.class;
            Class<?> ois = ObjectInputStream.class;
            MethodHandles.Lookup io = MethodHandles.privateLookupIn(osc, MethodHandles.lookup());
            Class<?> slot = Class.forName("java.io.ObjectStreamClass$ClassDataSlot");
            MethodHandles.Lookup slotLookup = MethodHandles.privateLookupIn(slot, MethodHandles.lookup());
            classDataLayout = io.findVirtual(osc, "getClassDataLayout", MethodType.methodType(slot.arrayType()))
                    .asType(MethodType.methodType(Object[].class, osc));
            slotDesc = slotLookup.findGetter(slot, "desc", osc).asType(MethodType.methodType(osc, Object.class));
            slotHasData = slotLookup.findGetter(slot, "hasData", boolean.class)
                    .asType(MethodType.methodType(boolean.class, Object.class));
            fields = io.findGetter(osc, "fields", ObjectStreamField[].class);
            primDataSize = io.findGetter(osc, "primDataSize", int.class);
            setPrimFieldValues = io.findVirtual(osc, "setPrimFieldValues",
                    MethodType.methodType(void.class, Object.class, byte[].class));

            Class<?> values = Class.forName("java.io.ObjectInputStream$FieldValues");
            MethodHandles.Lookup valuesLookup = MethodHandles.privateLookupIn(values, MethodHandles.lookup());
            newFieldValues = valuesLookup.findConstructor(values, MethodType.methodType(void.class, ois, osc,
                    boolean.class)).asType(MethodType.methodType(Object.class, ois, osc, boolean.class));
            checkFieldValues = valuesLookup.findVirtual(values, "defaultCheckFieldValues",
                    MethodType.methodType(void.class, Object.class))
                    .asType(MethodType.methodType(void.class, Object.class, Object.class));
            setFieldValues = valuesLookup.findVirtual(values, "defaultSetFieldValues",
                    MethodType.methodType(void.class, Object.class))
                    .asType(MethodType.methodType(void.class, Object.class, Object.class));

            MethodHandles.Lookup in = MethodHandles.privateLookupIn(ois, MethodHandles.lookup());
            Class<?> table = Class.forName("java.io.ObjectInputStream$HandleTable");
            handles = in.findGetter(ois, "handles", table).asType(MethodType.methodType(Object.class, ois));
            passHandle = in.findGetter(ois, "passHandle", int.class);
            lookupException = MethodHandles.privateLookupIn(table, MethodHandles.lookup()).findVirtual(table,
                    "lookupException", MethodType.methodType(ClassNotFoundException.class, int.class))
                    .asType(MethodType.methodType(ClassNotFoundException.class, Object.class, int.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            problem = "java.io has no accessible getClassDataLayout, ClassDataSlot, ObjectInputStream.FieldValues,"
                    + " handles, passHandle or setPrimFieldValues (" + e + ")";
        }
        CLASS_DATA_LAYOUT = classDataLayout;
        SLOT_DESC = slotDesc;
        SLOT_HAS_DATA = slotHasData;
        NEW_FIELD_VALUES = newFieldValues;
        CHECK_FIELD_VALUES = checkFieldValues;
        SET_FIELD_VALUES = setFieldValues;
        HANDLES = handles;
        PASS_HANDLE = passHandle;
        LOOKUP_EXCEPTION = lookupException;
        FIELDS = fields;
        PRIM_DATA_SIZE = primDataSize;
        SET_PRIM_FIELD_VALUES = setPrimFieldValues;
        PROBLEM = problem;
    }

    private EvolvedRead() {
    }

    /** Null when data of another shape can be read on this JVM, else why not. */
    static String availability() {
        return PROBLEM;
    }

    /**
     * How objects of the stream descriptor {@code desc} whose data starts with {@code shape} are read.
     *
     * @throws InvalidClassException when the shape matches none of the layouts the stream's descriptors allow
     *                               (data of another version of the converted format, or damaged data)
     */
    static Plan plan(final ObjectStreamClass desc, final int shape, final ObjectInput in) throws Throwable {
        Object[] layout = (Object[]) CLASS_DATA_LAYOUT.invokeExact(desc);
        ObjectStreamClass[] slots = new ObjectStreamClass[layout.length];
        boolean[] hasData = new boolean[layout.length];
        List<Integer> candidates = new ArrayList<>();
        List<ConvertedShape.Level> levels = new ArrayList<>();
        List<Integer> levelSlots = new ArrayList<>();
        for (int i = 0; i < layout.length; i++) {
            slots[i] = (ObjectStreamClass) SLOT_DESC.invokeExact(layout[i]);
            hasData[i] = (boolean) SLOT_HAS_DATA.invokeExact(layout[i]);
            if (!hasData[i]) {
                continue;
            }
            ObjectStreamField[] fields = (ObjectStreamField[]) FIELDS.invokeExact(slots[i]);
            boolean allPrimitive = fields.length > 0;
            for (ObjectStreamField f : fields) {
                allPrimitive &= f.isPrimitive();
            }
            if (allPrimitive) {
                candidates.add(levels.size());
            }
            levels.add(new ConvertedShape.Level(slots[i].getName(), false, fields));
            levelSlots.add(i);
        }
        boolean[] bulk = new boolean[layout.length];
        if (candidates.size() <= MAX_BULK_CANDIDATES) {
            for (int mask = 0; mask < 1 << candidates.size(); mask++) {
                List<ConvertedShape.Level> tried = new ArrayList<>(levels);
                for (int c = 0; c < candidates.size(); c++) {
                    if ((mask & 1 << c) != 0) {
                        ConvertedShape.Level l = tried.get(candidates.get(c));
                        tried.set(candidates.get(c), new ConvertedShape.Level(l.className(), true, l.fields()));
                    }
                }
                if (ConvertedShape.of(tried) == shape) {
                    for (int c = 0; c < candidates.size(); c++) {
                        bulk[levelSlots.get(candidates.get(c))] = (mask & 1 << c) != 0;
                    }
                    return new Plan(desc, shape, slots, hasData, bulk);
                }
            }
        }
        throw SerialboostRuntime.unknownShape(in, desc.getName(), shape);
    }

    /**
     * Reads the rest of one object's data (its shape is read) as {@code ObjectInputStream.readSerialData} reads a
     * {@code Serializable} object whose class has neither {@code readObject} nor {@code readObjectNoData}: each level
     * read, or read and dropped once the object's handle carries a {@code ClassNotFoundException}; then, if it
     * carries none, every level's reference values checked, then every level's values assigned.
     */
    static void read(final Plan plan, final Object obj, final ObjectInputStream in) throws Throwable {
        Object handles = (Object) HANDLES.invokeExact(in);
        ObjectStreamClass[] slots = plan.slots();
        Object[] values = new Object[slots.length];
        for (int i = 0; i < slots.length; i++) {
            if (!plan.hasData()[i]) {
                continue;
            }
            boolean drop = (ClassNotFoundException) LOOKUP_EXCEPTION.invokeExact(handles,
                    (int) PASS_HANDLE.invokeExact(in)) != null;
            Object read;
            if (plan.bulk()[i]) {
                byte[] record = new byte[(int) PRIM_DATA_SIZE.invokeExact(slots[i])];
                in.readFully(record);
                read = bigEndian(record, (ObjectStreamField[]) FIELDS.invokeExact(slots[i]));
            } else {
                read = (Object) NEW_FIELD_VALUES.invokeExact(in, slots[i], true);
            }
            if (!drop) {
                values[i] = read;
            }
        }
        if ((ClassNotFoundException) LOOKUP_EXCEPTION.invokeExact(handles, (int) PASS_HANDLE.invokeExact(in)) != null) {
            return;
        }
        for (Object v : values) {
            if (v != null && !(v instanceof byte[])) {
                CHECK_FIELD_VALUES.invokeExact(v, obj);
            }
        }
        for (int i = 0; i < slots.length; i++) {
            if (values[i] instanceof byte[] primitives) {
                SET_PRIM_FIELD_VALUES.invokeExact(slots[i], obj, primitives);
            } else if (values[i] != null) {
                SET_FIELD_VALUES.invokeExact(values[i], obj);
            }
        }
    }

    /**
     * A bulk record (each value little-endian, packed in the order the descriptor lists the fields, which is also
     * where the JDK's field offsets put them) as the JDK's primitive field data: each value big-endian.
     */
    private static byte[] bigEndian(final byte[] record, final ObjectStreamField[] fields) {
        for (ObjectStreamField f : fields) {
            int width = switch (f.getTypeCode()) {
                case 'J', 'D' -> 8;
                case 'I', 'F' -> 4;
                case 'S', 'C' -> 2;
                default -> 1;
            };
            for (int lo = f.getOffset(), hi = lo + width - 1; lo < hi; lo++, hi--) {
                byte b = record[lo];
                record[lo] = record[hi];
                record[hi] = b;
            }
        }
        return record;
    }
}
