package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.engine.FieldAccess;
import dev.serialboost.runtime.jdk.JdkClassDataSlot;
import dev.serialboost.runtime.jdk.JdkInputHandleTable;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkObjectInputStream;
import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import dev.serialboost.runtime.jdk.JdkObjectStreamField;
import dev.serialboost.runtime.jdk.JdkRecordSupport;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads converted-format data written by another shape of the class (fields added, removed or reordered, another
 * bulk setting, a converted superclass added or removed) exactly as the JDK reads a {@code Serializable} class
 * whose stream descriptors differ from the local class: {@code ObjectStreamClass.getClassDataLayout} pairs the
 * stream's class levels with the local ones by name; each level's fields are read in the stream's order as {@code
 * ObjectInputStream.FieldValues} reads them (its primitives, then each reference, every one read whether or not the
 * local class keeps it, so a dropped field's object still gets its handle); and, after all levels, the JDK's own
 * {@code checkObjFieldValueTypes}, {@code setPrimFieldValues} and {@code setObjFieldValues} of each level's
 * descriptor assign what the local class has, as {@code FieldValues.defaultCheckFieldValues} / {@code
 * defaultSetFieldValues} do. Fields the stream lacks keep their defaults. A changed primitive type never gets here:
 * the JDK's {@code initNonProxy} refuses the descriptor ({@code incompatible types for field}), as for plain data.
 *
 * <p>The nesting of a graph passes through no frame of this class: a {@link Reading} reads up to the next reference
 * and returns to the loop the patched {@code readExternalData} runs ({@link ConvertedFormat#readBegin}), which reads
 * the reference with the stream's own {@code readObject(Object.class)} in its own frame, as for data of the reader's
 * shape. That call is what {@code FieldValues} does for a reference ({@code readObject0(Object.class, false)}, then
 * {@code handles.markDependency(objHandle, passHandle)}) for a field the local class has and that is not unshared;
 * it also throws the {@code ClassNotFoundException} the object read carries, which the loop catches, passing {@code
 * null} on, so the object's data is read to its end as the JDK's reading goes on (see {@link Reading}). A
 * reference the local class drops (no local field: the JDK marks no dependency on it, so a missing class there harms
 * nothing) or declares unshared is read here, as {@code FieldValues} reads it; those levels of a graph nest through
 * this class.
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
     * How objects of one stream descriptor are read: the slots of its class data layout; for each slot with data,
     * whether the writer wrote it as a bulk record, the bytes of its primitives, its reference fields (the
     * descriptor's fields after the primitives, in stream order), and for each reference whether the patched loop
     * reads it ({@code readObject(Object.class)} is exact for it) or this class does, and whether the JDK records
     * the object's dependency on it; whether the writer wrote the slot with its class's own methods (its data then
     * ends with {@code TC_ENDBLOCKDATA}), and the local class's own methods, which then read the slot ({@link
     * CustomLevels}).
     */
    record Plan(ObjectStreamClass desc, int shape, ObjectStreamClass[] slots, boolean[] hasData, boolean[] bulk,
                int[] primBytes, ObjectStreamField[][] references, boolean[][] byLoop, boolean[][] dependency,
                boolean[] endMarker, CustomLevels.Methods[] custom) {
    }

    /** Why data of another shape cannot be read on this JVM (the first group of JDK members that is missing). */
    private static final Throwable PROBLEM = JdkLookup.firstProblem(JdkObjectStreamClass.PROBLEM,
            JdkObjectStreamClass.SerialData.PROBLEM, JdkClassDataSlot.PROBLEM, JdkRecordSupport.PROBLEM,
            JdkObjectStreamField.PROBLEM, JdkObjectInputStream.SerialData.PROBLEM, JdkInputHandleTable.PROBLEM);

    private EvolvedRead() {
    }

    /** The stream's handle table. */
    static Object handles(final ObjectInputStream in) throws Throwable {
        return (Object) JdkObjectInputStream.SerialData.HANDLES.invokeExact(in);
    }

    /** The stream's {@code passHandle}: the handle of the object whose data is being read. */
    static int passHandle(final ObjectInputStream in) throws Throwable {
        return (int) JdkObjectInputStream.SerialData.PASS_HANDLE.invokeExact(in);
    }

    /** The {@code ClassNotFoundException} the object of {@code handle} carries, or null. */
    static ClassNotFoundException exception(final Object handles, final int handle) throws Throwable {
        return (ClassNotFoundException) JdkInputHandleTable.LOOKUP_EXCEPTION.invokeExact(handles, handle);
    }

    /**
     * Reads one reference of the object of {@code handle} as the JDK's {@code FieldValues} reads it: {@code
     * readObject0(Object.class, unshared)}, the object's dependency on it marked when {@code dependency} (the field
     * has a local counterpart), {@code passHandle} back at the object's handle.
     */
    static Object readReference(final ObjectInputStream in, final boolean unshared, final Object handles,
                                final int handle, final boolean dependency) throws Throwable {
        Object value = JdkObjectInputStream.SerialData.READ_OBJECT0.invokeExact(in, Object.class, unshared);
        referenceRead(in, handles, handle, dependency);
        return value;
    }

    /**
     * After {@code readObject0} read one reference of the object of {@code handle}, as {@code FieldValues} goes on:
     * the object's dependency on it marked when {@code dependency}, {@code passHandle} back at the object's handle.
     */
    static void referenceRead(final ObjectInputStream in, final Object handles, final int handle,
                              final boolean dependency) throws Throwable {
        if (dependency) {
            int target = (int) JdkObjectInputStream.SerialData.PASS_HANDLE.invokeExact(in);
            JdkInputHandleTable.MARK_DEPENDENCY.invokeExact(handles, handle, target);
        }
        JdkObjectInputStream.SerialData.SET_PASS_HANDLE.invokeExact(in, handle);
    }

    /**
     * What to throw for the {@code ClassCastException} {@code cast} the generated code of a level raised storing its
     * reference {@code values} (in the order of the level's descriptor {@code desc}, bound to the level's local
     * fields): the exception the JDK's own check of the values ({@code desc.checkObjFieldValueTypes}, which {@code
     * FieldValues.defaultCheckFieldValues} calls before any assignment) throws for them, {@code cannot assign instance
     * of ... to field ...}, naming the first value of the wrong type in the JDK's order; {@code cast} itself if that
     * check finds nothing.
     */
    static ClassCastException assignmentFailure(final ObjectStreamClass desc, final Object obj, final Object[] values,
                                                final ClassCastException cast) {
        if (values == null || PROBLEM != null) {
            return cast;
        }
        try {
            JdkObjectStreamClass.SerialData.CHECK_OBJ_FIELD_VALUE_TYPES.invokeExact(desc, obj, values);
        } catch (ClassCastException e) {
            return e;
        } catch (Throwable t) {
            cast.addSuppressed(t);
        }
        return cast;
    }

    /** The bytes of the primitive fields of the stream descriptor {@code desc} (its own level only). */
    static int primDataSize(final ObjectStreamClass desc) throws Throwable {
        return (int) JdkObjectStreamClass.PRIM_DATA_SIZE.invokeExact(desc);
    }

    /** Null when data of another shape can be read on this JVM, else why not. */
    static String availability() {
        return PROBLEM == null ? null : "java.io has no accessible getClassDataLayout, ClassDataSlot,"
                + " checkObjFieldValueTypes, setObjFieldValues, setPrimFieldValues, ObjectStreamField.getField,"
                + " readObject0, handles, markDependency, lookupException or passHandle (" + PROBLEM + ")";
    }

    /**
     * How objects of the stream descriptor {@code desc} whose data starts with {@code shape} are read.
     *
     * @throws InvalidClassException when the shape matches none of the layouts the stream's descriptors allow
     *                               (data of another version of the converted format, or damaged data)
     */
    static Plan plan(final ObjectStreamClass desc, final int shape, final ObjectInput in) throws Throwable {
        Object[] layout = (Object[]) JdkObjectStreamClass.SerialData.GET_CLASS_DATA_LAYOUT.invokeExact(desc);
        ObjectStreamClass[] slots = new ObjectStreamClass[layout.length];
        boolean[] hasData = new boolean[layout.length];
        int[] primBytes = new int[layout.length];
        ObjectStreamField[][] references = new ObjectStreamField[layout.length][];
        boolean[][] byLoop = new boolean[layout.length][];
        boolean[][] dependency = new boolean[layout.length][];
        boolean[] endMarker = new boolean[layout.length];
        CustomLevels.Methods[] custom = new CustomLevels.Methods[layout.length];
        List<Integer> candidates = new ArrayList<>();
        List<ConvertedShape.Level> levels = new ArrayList<>();
        List<Integer> levelSlots = new ArrayList<>();
        for (int i = 0; i < layout.length; i++) {
            slots[i] = (ObjectStreamClass) JdkClassDataSlot.DESC.invokeExact(layout[i]);
            hasData[i] = (boolean) JdkClassDataSlot.HAS_DATA.invokeExact(layout[i]);
            if (!hasData[i]) {
                continue;
            }
            endMarker[i] = ViewBinding.customData(slots[i]);
            custom[i] = ConvertedViews.readMethods(slots[i].forClass());
            ObjectStreamField[] fields = (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(slots[i]);
            primBytes[i] = (int) JdkObjectStreamClass.PRIM_DATA_SIZE.invokeExact(slots[i]);
            boolean allPrimitive = fields.length > 0;
            int primitives = 0;
            for (ObjectStreamField f : fields) {
                allPrimitive &= f.isPrimitive();
                primitives += f.isPrimitive() ? 1 : 0;
            }
            // the descriptor lists its primitives first (ObjectStreamClass sorts them so), as FieldValues reads them
            references[i] = Arrays.copyOfRange(fields, primitives, fields.length);
            byLoop[i] = new boolean[references[i].length];
            dependency[i] = new boolean[references[i].length];
            for (int r = 0; r < references[i].length; r++) {
                dependency[i][r] = (Field) JdkObjectStreamField.GET_FIELD.invokeExact(references[i][r]) != null;
                byLoop[i][r] = dependency[i][r] && !references[i][r].isUnshared();
            }
            if (allPrimitive && !endMarker[i]) {
                candidates.add(levels.size());
            }
            // the writer's class name, which the shape covers (another when an override renamed the descriptor)
            levels.add(new ConvertedShape.Level(DescriptorOverrides.writerName(slots[i]), false, endMarker[i],
                    fields));
            levelSlots.add(i);
        }
        boolean[] bulk = new boolean[layout.length];
        if (candidates.size() <= MAX_BULK_CANDIDATES) {
            for (int mask = 0; mask < 1 << candidates.size(); mask++) {
                List<ConvertedShape.Level> tried = new ArrayList<>(levels);
                for (int c = 0; c < candidates.size(); c++) {
                    if ((mask & 1 << c) != 0) {
                        ConvertedShape.Level l = tried.get(candidates.get(c));
                        tried.set(candidates.get(c), new ConvertedShape.Level(l.className(), true, false,
                                l.fields()));
                    }
                }
                if (ConvertedShape.of(tried) == shape) {
                    for (int c = 0; c < candidates.size(); c++) {
                        bulk[levelSlots.get(candidates.get(c))] = (mask & 1 << c) != 0;
                    }
                    return new Plan(desc, shape, slots, hasData, bulk, primBytes, references, byLoop, dependency,
                            endMarker, custom);
                }
            }
        }
        Class<?> local = desc.forClass();
        throw GeneratedCode.unknownShape(in, local != null ? local.getName() : desc.getName(), shape);
    }

    /**
     * One object's data being read (its shape is read), as {@code ObjectInputStream.readSerialData} reads a {@code
     * Serializable} object: level after level, each read, or read and dropped once the object's handle carries a
     * {@code ClassNotFoundException}; then, if it carries none, every level's reference values checked, then every
     * level's values assigned. A level whose local class has {@code readObject} is read by it ({@link CustomLevels}),
     * a local level the data lacks gets its class's {@code readObjectNoData}, and the levels before either are
     * assigned first, as the JDK assigns them before such a method runs.
     *
     * <p>{@link #advance} reads up to the next reference the patched loop is to read and says whether there is one;
     * the loop passes what it read to {@link #next}, which goes on. The loop's {@code readObject(Object.class)} leaves
     * {@code passHandle} at the object's handle, and so does this class after each reference it reads itself (the JDK
     * restores it after a level's references), so the loop's call and the JDK's code after the object's data see
     * the object's handle. When the object read for a reference carries a {@code ClassNotFoundException}, the loop's
     * call throws it, having marked the object with it (as the JDK's dependency on the field does); the loop catches
     * it and passes null on, the rest of the data is read, and the object is not assigned, as here for an object whose
     * handle carries an exception.
     */
    static final class Reading {
        private final Plan plan;
        private final Object obj;
        private final ObjectInputStream in;
        private final Object handles;
        /** The object's handle ({@code passHandle} when its data begins). */
        private final int handle;
        /**
         * Each slot's values, null where none. (The JDK reads a slot into values of its own and drops them once the
         * object's handle carries an exception; as an exception stays, the handle then still carries it after the
         * last slot, and nothing is assigned: so all are kept here until then.)
         */
        private final byte[][] primitives;
        private final Object[][] values;
        /** The slot being read, and its next reference (-1 before its primitives). */
        private int slot;
        private int ref = -1;
        /** The slots before this one are assigned (before a slot read by the class's own methods). */
        private int assigned;
        /** The primitives of the first slot with data, read already with the shape; null once taken, or if none. */
        private byte[] head;

        /** The stream the object is read from. */
        ObjectInputStream stream() {
            return in;
        }

        Reading(final Plan plan, final Object obj, final ObjectInputStream in) throws Throwable {
            this.plan = plan;
            this.obj = obj;
            this.in = in;
            this.handles = handles(in);
            this.handle = passHandle(in);
            this.primitives = new byte[plan.slots().length][];
            this.values = new Object[plan.slots().length][];
        }

        /**
         * As the other constructor, with {@code head}, the primitives of the topmost stream descriptor (the first slot
         * with data), read from the stream already (null if it has none).
         */
        Reading(final Plan plan, final Object obj, final ObjectInputStream in, final byte[] head) throws Throwable {
            this(plan, obj, in);
            this.head = head;
        }

        /**
         * Reads on up to the next reference the patched loop reads; true if there is one. After the last value,
         * assigns the fields (unless the object's handle carries an exception) and returns false.
         */
        boolean advance() throws Throwable {
            ObjectStreamClass[] slots = plan.slots();
            for (; slot < slots.length; slot++, ref = -1) {
                if (!plan.hasData()[slot]) {
                    // a local class the writer's data has no level of (its descriptor is the class's ordinary one)
                    boolean noData = (boolean) JdkObjectStreamClass.SerialData.HAS_READ_OBJECT_NO_DATA_METHOD
                            .invokeExact(slots[slot]);
                    if (noData && notFailed()) {
                        assign(assigned, slot);
                        assigned = slot + 1;
                        JdkObjectStreamClass.SerialData.INVOKE_READ_OBJECT_NO_DATA.invokeExact(slots[slot], obj);
                    }
                    continue;
                }
                ObjectStreamField[] references = plan.references()[slot];
                if (ref < 0 && plan.custom()[slot] != null) {
                    // as readSerialData: the slots before it assigned first (unless the object carries an
                    // exception), then the class's readObject with the stream's descriptor of the slot
                    if (notFailed()) {
                        assign(assigned, slot);
                    }
                    assigned = slot + 1;
                    CustomLevels.read(obj, slots[slot], plan.custom()[slot], in, plan.endMarker()[slot]);
                    continue;
                }
                if (ref < 0) {
                    if (head != null && head.length != plan.primBytes()[slot]) {
                        throw new IllegalStateException("the first level's data of " + plan.desc().getName()
                                + " is " + plan.primBytes()[slot] + " bytes, not " + head.length);
                    }
                    if (plan.primBytes()[slot] > 0) {
                        primitives[slot] = primitives(plan, slot, head, in);
                    }
                    values[slot] = references.length > 0 ? new Object[references.length] : null;
                    head = null;
                    ref = 0;
                }
                Object[] into = values[slot];
                for (; ref < references.length; ref++) {
                    if (plan.byLoop()[slot][ref]) {
                        return true;
                    }
                    into[ref] = readReference(in, references[ref].isUnshared(), handles, handle,
                            plan.dependency()[slot][ref]);
                }
                if (plan.endMarker()[slot]) {
                    CustomLevels.end(in, true); // written with methods this class no longer has
                }
            }
            if (notFailed()) {
                assign(assigned, slots.length);
            }
            return false;
        }

        /** Whether the object's handle carries no {@code ClassNotFoundException}. */
        private boolean notFailed() throws Throwable {
            return exception(handles, handle) == null;
        }

        /** The object being read. */
        Object object() {
            return obj;
        }

        /** Takes the reference the patched loop read; then as {@link #advance}. */
        boolean next(final Object reference) throws Throwable {
            values[slot][ref++] = reference;
            return advance();
        }

        /**
         * What {@code readSerialData} does after all levels: checks, then assigns, every level's values; here for the
         * slots {@code from} to {@code to} (exclusive), those not assigned before a slot read by its class's own
         * methods.
         */
        private void assign(final int from, final int to) throws Throwable {
            ObjectStreamClass[] slots = plan.slots();
            for (int i = from; i < to; i++) {
                if (values[i] != null) {
                    JdkObjectStreamClass.SerialData.CHECK_OBJ_FIELD_VALUE_TYPES.invokeExact(slots[i], obj, values[i]);
                }
            }
            for (int i = from; i < to; i++) {
                if (primitives[i] != null) {
                    // what the engine's patched FieldValues.defaultSetFieldValues calls for desc.setPrimFieldValues
                    FieldAccess.setPrimFieldValues(slots[i], obj, primitives[i]);
                }
                if (values[i] != null) {
                    JdkObjectStreamClass.SerialData.SET_OBJ_FIELD_VALUES.invokeExact(slots[i], obj, values[i]);
                }
            }
        }
    }

    /**
     * Reads converted data of a class that is a record here (its shape read) as {@code ObjectInputStream.readRecord}
     * reads a record's plain data: the levels above the record's own (the writer's superclasses) read and dropped,
     * then the record's own level's values (a bulk record turned into the JDK's field data), each reference with the
     * object's dependency on it marked; null when the object carries a {@code ClassNotFoundException} (as JDK 25
     * does), else the record from its canonical constructor as the JDK builds it, with the JDK's exceptions.
     */
    static Object readRecord(final Plan plan, final ObjectInputStream in) throws Throwable {
        Object handles = handles(in);
        int handle = passHandle(in);
        ObjectStreamClass[] slots = plan.slots();
        int own = slots.length - 1;
        byte[] primitives = null;
        Object[] values = null;
        for (int i = 0; i < slots.length; i++) {
            if (!plan.hasData()[i]) {
                continue;
            }
            primitives = primitives(plan, i, null, in);
            ObjectStreamField[] references = plan.references()[i];
            values = new Object[references.length];
            for (int r = 0; r < references.length; r++) {
                values[r] = readReference(in, references[r].isUnshared(), handles, handle, plan.dependency()[i][r]);
            }
            if (plan.endMarker()[i]) {
                CustomLevels.end(in, true);
            }
        }
        if (!plan.hasData()[own] || exception(handles, handle) != null) {
            return null;
        }
        MethodHandle constructor = (MethodHandle) JdkRecordSupport.DESERIALIZATION_CTR.invokeExact(slots[own]);
        try {
            return (Object) constructor.invokeExact(primitives, values);
        } catch (Exception e) {
            throw (InvalidObjectException) new InvalidObjectException(e.getMessage()).initCause(e);
        } catch (Error e) {
            throw e;
        } catch (Throwable t) {
            throw (InvalidObjectException) new InvalidObjectException("ReflectiveOperationException during"
                    + " deserialization").initCause(t);
        }
    }

    /**
     * The primitives of the plan's level {@code slot} as the JDK's field data (a bulk record's made big-endian):
     * {@code read}, if they were read already, else read from the stream now.
     */
    private static byte[] primitives(final Plan plan, final int slot, final byte[] read, final ObjectInput in)
            throws Throwable {
        byte[] data = read;
        if (data == null) {
            data = new byte[plan.primBytes()[slot]];
            in.readFully(data);
        }
        if (plan.bulk()[slot]) {
            bigEndian(data, (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(plan.slots()[slot]));
        }
        return data;
    }

    /**
     * A bulk record (each value little-endian, packed in the order the descriptor lists the fields, which is also
     * where the JDK's field offsets put them) as the JDK's primitive field data: each value big-endian.
     */
    private static void bigEndian(final byte[] record, final ObjectStreamField[] fields) {
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
    }
}
