package dev.serialboost.runtime.converted;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamConstants;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * Converted class levels whose class declares {@code writeObject} or {@code readObject} (the transformer converts
 * such a class only when they call {@code defaultWriteObject} and {@code defaultReadObject}). Such a level is
 * written and read exactly as the JDK's {@code writeSerialData} and {@code readSerialData} handle one slot of a
 * class with these methods: the stream's callback context set to the object and the level's descriptor, block-data
 * mode on, the class's own method called (or, where the class declares only the other one, {@code
 * defaultWriteObject} / {@code defaultReadObject} in its place), then, on writing, {@code TC_ENDBLOCKDATA}, and on
 * reading, whatever custom data the method left unread skipped up to it. The default part is what the JDK's {@code
 * defaultWriteObject} writes for the level's converted descriptor: its primitives, then its references, in the
 * descriptor's order, which is the generated bodies' order too.
 *
 * <p>On reading, the callback context carries the stream's descriptor of the level, which the JDK bound to the
 * local class's converted view: {@code defaultReadObject} and {@code readFields} match the writer's fields against
 * the local ones as for plain data, so data of another shape of the class reads as the JDK reads it.
 */
final class CustomLevels {

    /** A class's own {@code writeObject} and {@code readObject}, either may be null: {@code (Object, stream)void}. */
    record Methods(MethodHandle writeObject, MethodHandle readObject) {
    }

    private static final MethodHandle OUT_CONTEXT;
    private static final MethodHandle SET_OUT_CONTEXT;
    private static final MethodHandle CUR_PUT;
    private static final MethodHandle SET_CUR_PUT;
    private static final MethodHandle BOUT;
    private static final MethodHandle BOUT_BLOCK_MODE;
    private static final MethodHandle BOUT_WRITE_BYTE;
    private static final MethodHandle IN_CONTEXT;
    private static final MethodHandle SET_IN_CONTEXT;
    private static final MethodHandle BIN;
    private static final MethodHandle BIN_BLOCK_MODE;
    private static final MethodHandle SKIP_CUSTOM_DATA;
    private static final MethodHandle SET_DEFAULT_DATA_END;
    private static final MethodHandle MARK_EXCEPTION;
    private static final MethodHandle FIELD_VALUES;
    private static final MethodHandle NEW_CONTEXT;
    private static final MethodHandle CHECK_CONTEXT;
    private static final MethodHandle SET_USED;
    private static final MethodHandle HAS_WRITE_OBJECT_DATA;
    private static final MethodHandle SET_HAS_WRITE_OBJECT_DATA;
    private static final MethodHandle CONTEXT_OBJECT;
    private static final MethodHandle CONTEXT_DESC;
    private static final MethodHandle GET_OBJ;
    private static final MethodHandle WRITE_OBJECT0;
    /** {@code ObjectOutputStream.extendedDebugInfo}: when on, the JDK's defaultWriteObject runs (it records more). */
    private static final boolean EXTENDED_DEBUG_INFO;
    private static final String PROBLEM;

    static {
        MethodHandle[] h = new MethodHandle[24];
        boolean debugInfo = true;
        String problem = null;
        try {
            Class<?> oos = ObjectOutputStream.class;
            Class<?> ois = ObjectInputStream.class;
            Class<?> context = Class.forName("java.io.SerialCallbackContext");
            Class<?> put = Class.forName("java.io.ObjectOutputStream$PutFieldImpl");
            Class<?> bout = Class.forName("java.io.ObjectOutputStream$BlockDataOutputStream");
            Class<?> bin = Class.forName("java.io.ObjectInputStream$BlockDataInputStream");
            Class<?> table = Class.forName("java.io.ObjectInputStream$HandleTable");
            Class<?> values = Class.forName("java.io.ObjectInputStream$FieldValues");
            MethodHandles.Lookup out = MethodHandles.privateLookupIn(oos, MethodHandles.lookup());
            MethodHandles.Lookup in = MethodHandles.privateLookupIn(ois, MethodHandles.lookup());
            MethodHandles.Lookup ctx = MethodHandles.privateLookupIn(context, MethodHandles.lookup());
            h[0] = out.findGetter(oos, "curContext", context).asType(MethodType.methodType(Object.class, oos));
            h[1] = out.findSetter(oos, "curContext", context).asType(MethodType.methodType(void.class, oos,
                    Object.class));
            h[2] = out.findGetter(oos, "curPut", put).asType(MethodType.methodType(Object.class, oos));
            h[3] = out.findSetter(oos, "curPut", put).asType(MethodType.methodType(void.class, oos, Object.class));
            h[4] = out.findGetter(oos, "bout", bout).asType(MethodType.methodType(Object.class, oos));
            MethodHandles.Lookup boutLookup = MethodHandles.privateLookupIn(bout, MethodHandles.lookup());
            h[5] = boutLookup.findVirtual(bout, "setBlockDataMode", MethodType.methodType(boolean.class,
                    boolean.class)).asType(MethodType.methodType(boolean.class, Object.class, boolean.class));
            h[6] = boutLookup.findVirtual(bout, "writeByte", MethodType.methodType(void.class, int.class))
                    .asType(MethodType.methodType(void.class, Object.class, int.class));
            h[7] = in.findGetter(ois, "curContext", context).asType(MethodType.methodType(Object.class, ois));
            h[8] = in.findSetter(ois, "curContext", context).asType(MethodType.methodType(void.class, ois,
                    Object.class));
            h[9] = in.findGetter(ois, "bin", bin).asType(MethodType.methodType(Object.class, ois));
            h[10] = MethodHandles.privateLookupIn(bin, MethodHandles.lookup()).findVirtual(bin, "setBlockDataMode",
                    MethodType.methodType(boolean.class, boolean.class))
                    .asType(MethodType.methodType(boolean.class, Object.class, boolean.class));
            h[11] = in.findVirtual(ois, "skipCustomData", MethodType.methodType(void.class));
            h[12] = in.findSetter(ois, "defaultDataEnd", boolean.class);
            MethodHandles.Lookup tableLookup = MethodHandles.privateLookupIn(table, MethodHandles.lookup());
            h[13] = tableLookup.findVirtual(table, "markException", MethodType.methodType(void.class, int.class,
                    ClassNotFoundException.class)).asType(MethodType.methodType(void.class, Object.class, int.class,
                    ClassNotFoundException.class));
            h[14] = MethodHandles.privateLookupIn(values, MethodHandles.lookup()).findConstructor(values,
                    MethodType.methodType(void.class, ois, ObjectStreamClass.class, boolean.class))
                    .asType(MethodType.methodType(Object.class, ois, ObjectStreamClass.class, boolean.class));
            h[15] = ctx.findConstructor(context, MethodType.methodType(void.class, Object.class,
                    ObjectStreamClass.class)).asType(MethodType.methodType(Object.class, Object.class,
                    ObjectStreamClass.class));
            h[16] = ctx.findVirtual(context, "check", MethodType.methodType(void.class)).asType(
                    MethodType.methodType(void.class, Object.class));
            h[17] = ctx.findVirtual(context, "setUsed", MethodType.methodType(void.class)).asType(
                    MethodType.methodType(void.class, Object.class));
            MethodHandles.Lookup osc = MethodHandles.privateLookupIn(ObjectStreamClass.class, MethodHandles.lookup());
            h[18] = osc.findGetter(ObjectStreamClass.class, "hasWriteObjectData", boolean.class);
            h[19] = osc.findSetter(ObjectStreamClass.class, "hasWriteObjectData", boolean.class);
            h[20] = ctx.findGetter(context, "obj", Object.class).asType(MethodType.methodType(Object.class,
                    Object.class));
            h[21] = ctx.findGetter(context, "desc", ObjectStreamClass.class).asType(MethodType.methodType(
                    ObjectStreamClass.class, Object.class));
            h[22] = ctx.findVirtual(context, "getObj", MethodType.methodType(Object.class)).asType(
                    MethodType.methodType(Object.class, Object.class));
            h[23] = out.findVirtual(oos, "writeObject0", MethodType.methodType(void.class, Object.class,
                    boolean.class));
            debugInfo = (boolean) out.findStaticGetter(oos, "extendedDebugInfo", boolean.class).invokeExact();
        } catch (Throwable e) {
            problem = "java.io has no accessible callback context, block-data mode, skipCustomData, markException"
                    + " or FieldValues as serialboost expects (" + e + ")";
            h = new MethodHandle[h.length];
        }
        OUT_CONTEXT = h[0];
        SET_OUT_CONTEXT = h[1];
        CUR_PUT = h[2];
        SET_CUR_PUT = h[3];
        BOUT = h[4];
        BOUT_BLOCK_MODE = h[5];
        BOUT_WRITE_BYTE = h[6];
        IN_CONTEXT = h[7];
        SET_IN_CONTEXT = h[8];
        BIN = h[9];
        BIN_BLOCK_MODE = h[10];
        SKIP_CUSTOM_DATA = h[11];
        SET_DEFAULT_DATA_END = h[12];
        MARK_EXCEPTION = h[13];
        FIELD_VALUES = h[14];
        NEW_CONTEXT = h[15];
        CHECK_CONTEXT = h[16];
        SET_USED = h[17];
        HAS_WRITE_OBJECT_DATA = h[18];
        SET_HAS_WRITE_OBJECT_DATA = h[19];
        CONTEXT_OBJECT = h[20];
        CONTEXT_DESC = h[21];
        GET_OBJ = h[22];
        WRITE_OBJECT0 = h[23];
        EXTENDED_DEBUG_INFO = debugInfo;
        PROBLEM = problem;
    }

    private CustomLevels() {
    }

    /** Null when custom levels can be written and read on this JVM, else why not. */
    static String availability() {
        return PROBLEM;
    }

    /**
     * The {@code writeObject} and {@code readObject} {@code type} declares as the JDK honours them (private, not
     * static, the exact parameter and return types), or null when it declares neither.
     */
    static Methods of(final Class<?> type, final MethodHandles.Lookup lookup) throws IllegalAccessException {
        MethodHandle write = method(type, lookup, "writeObject", ObjectOutputStream.class);
        MethodHandle read = method(type, lookup, "readObject", ObjectInputStream.class);
        return write == null && read == null ? null : new Methods(write, read);
    }

    private static MethodHandle method(final Class<?> type, final MethodHandles.Lookup lookup, final String name,
                                       final Class<?> stream) throws IllegalAccessException {
        Method m;
        try {
            m = type.getDeclaredMethod(name, stream);
        } catch (NoSuchMethodException e) {
            return null;
        }
        int mods = m.getModifiers();
        if (m.getReturnType() != void.class || !Modifier.isPrivate(mods) || Modifier.isStatic(mods)) {
            return null;
        }
        return lookup.unreflect(m).asType(MethodType.methodType(void.class, Object.class, stream));
    }

    /**
     * Writes the level {@code desc} (a converted view) of {@code obj} as {@code ObjectOutputStream.writeSerialData}
     * writes a slot whose class has {@code writeObject}.
     */
    static void write(final Object obj, final ObjectStreamClass desc, final Methods methods,
                      final ObjectOutputStream out) throws Throwable {
        Object oldPut = (Object) CUR_PUT.invokeExact(out);
        SET_CUR_PUT.invokeExact(out, (Object) null);
        Object oldContext = (Object) OUT_CONTEXT.invokeExact(out);
        Object bout = (Object) BOUT.invokeExact(out);
        Object context = (Object) NEW_CONTEXT.invokeExact(obj, desc);
        try {
            SET_OUT_CONTEXT.invokeExact(out, context);
            boolean unused = (boolean) BOUT_BLOCK_MODE.invokeExact(bout, true);
            if (methods.writeObject() != null) {
                try {
                    methods.writeObject().invokeExact(obj, out);
                } catch (IOException | RuntimeException | Error e) {
                    throw e;
                } catch (Throwable t) {
                    throw unexpected(t); // what ObjectStreamClass.invokeWriteObject makes of it
                }
            } else {
                out.defaultWriteObject();
            }
            unused = (boolean) BOUT_BLOCK_MODE.invokeExact(bout, false);
            BOUT_WRITE_BYTE.invokeExact(bout, (int) ObjectStreamConstants.TC_ENDBLOCKDATA);
        } finally {
            SET_USED.invokeExact(context);
            SET_OUT_CONTEXT.invokeExact(out, oldContext);
        }
        SET_CUR_PUT.invokeExact(out, oldPut);
    }

    /**
     * Reads the level {@code desc} (the stream's descriptor of the level, bound to the local class) into {@code obj}
     * as {@code ObjectInputStream.readSerialData} reads a slot whose class has {@code readObject}: unless the object
     * being read already carries a {@code ClassNotFoundException}, in which case the level is read past as the JDK
     * reads it past ({@link #skip}). {@code endMarker}: whether the writer wrote the level with its own methods (its
     * data ends with {@code TC_ENDBLOCKDATA}).
     */
    static void read(final Object obj, final ObjectStreamClass desc, final Methods methods,
                     final ObjectInputStream in, final boolean endMarker) throws Throwable {
        Object handles = EvolvedRead.handles(in);
        int handle = EvolvedRead.passHandle(in);
        if (EvolvedRead.exception(handles, handle) != null) {
            skip(desc, in, endMarker);
            return;
        }
        Object bin = (Object) BIN.invokeExact(in);
        Object oldContext = (Object) IN_CONTEXT.invokeExact(in);
        if (oldContext != null) {
            CHECK_CONTEXT.invokeExact(oldContext);
        }
        Object context = (Object) NEW_CONTEXT.invokeExact(obj, desc);
        // A level the writer wrote without methods of its own has no custom data: the JDK's defaultReadObject and
        // readFields then mark the default data's end (a read of optional data after it ends there), which they
        // tell by the descriptor's hasWriteObjectData; converted descriptors all have it (the mark of converted
        // data), so this level's says false while its class's method runs (the descriptor is this stream's own).
        boolean marked = (boolean) HAS_WRITE_OBJECT_DATA.invokeExact(desc);
        if (!endMarker) {
            SET_HAS_WRITE_OBJECT_DATA.invokeExact(desc, false);
        }
        try {
            SET_IN_CONTEXT.invokeExact(in, context);
            boolean unused = (boolean) BIN_BLOCK_MODE.invokeExact(bin, true);
            if (methods.readObject() != null) {
                try {
                    methods.readObject().invokeExact(obj, in);
                } catch (IOException | ClassNotFoundException | RuntimeException | Error e) {
                    throw e;
                } catch (Throwable t) {
                    throw unexpected(t); // what ObjectStreamClass.invokeReadObject makes of it
                }
            } else {
                in.defaultReadObject();
            }
        } catch (ClassNotFoundException e) {
            MARK_EXCEPTION.invokeExact(handles, handle, e);
        } finally {
            SET_HAS_WRITE_OBJECT_DATA.invokeExact(desc, marked);
            SET_USED.invokeExact(context);
            if (oldContext != null) {
                CHECK_CONTEXT.invokeExact(oldContext);
            }
            SET_IN_CONTEXT.invokeExact(in, oldContext);
        }
        SET_DEFAULT_DATA_END.invokeExact(in, false);
        end(in, endMarker);
    }

    /**
     * Reads the level {@code desc} past, as {@code readSerialData} reads a slot of an object that carries an
     * exception: the JDK's {@code FieldValues} of its descriptor, dropped; then, if the writer wrote the level with
     * its own methods, its custom data up to {@code TC_ENDBLOCKDATA}.
     */
    static void skip(final ObjectStreamClass desc, final ObjectInputStream in, final boolean endMarker)
            throws Throwable {
        Object dropped = (Object) FIELD_VALUES.invokeExact(in, desc, true);
        end(in, endMarker);
    }

    /** After a level: its custom data skipped to its end marker, or (no marker) block-data mode off. */
    static void end(final ObjectInputStream in, final boolean endMarker) throws Throwable {
        if (endMarker) {
            SKIP_CUSTOM_DATA.invokeExact(in);
        } else {
            boolean unused = (boolean) BIN_BLOCK_MODE.invokeExact((Object) BIN.invokeExact(in), false);
        }
    }

    // ---- the default part, by the generated code ---------------------------------------------------------------

    /**
     * The stream's callback context ({@code curContext}: set while a class's {@code writeObject} runs), or null; and
     * when the JDK's own {@code defaultWriteObject} must run even for a converted level (its extended debug info on).
     */
    static Object writeContext(final ObjectOutputStream out) throws Throwable {
        return EXTENDED_DEBUG_INFO ? null : (Object) OUT_CONTEXT.invokeExact(out);
    }

    /** The stream's callback context ({@code curContext}: set while a class's {@code readObject} runs), or null. */
    static Object readContext(final ObjectInputStream in) throws Throwable {
        return (Object) IN_CONTEXT.invokeExact(in);
    }

    /** A stream's callback context, its object and its descriptor. */
    record Callback(Object context, Object obj, ObjectStreamClass desc) {
    }

    /**
     * The object and descriptor of a callback context, as they are (without marking the context used, as its getObj
     * does); null when there is no context, or it has no object or descriptor.
     */
    static Callback callback(final Object context) throws Throwable {
        if (context == null) {
            return null;
        }
        Object obj = (Object) CONTEXT_OBJECT.invokeExact(context);
        ObjectStreamClass desc = (ObjectStreamClass) CONTEXT_DESC.invokeExact(context);
        return obj == null || desc == null ? null : new Callback(context, obj, desc);
    }

    /**
     * What {@code ObjectOutputStream.defaultWriteObject} does for the context's converted level, with the level's
     * generated code: block-data mode off, the primitives ({@code write}, its {@code $sb$write}), each of its {@code
     * references} ({@code ref}, its {@code $sb$ref}) with the stream's {@code writeObject0}, as {@code
     * defaultWriteFields} writes them, block-data mode on.
     */
    static void defaultWrite(final Object context, final ObjectOutputStream out, final MethodHandle write,
                             final MethodHandle ref, final int references) throws Throwable {
        Object obj = (Object) GET_OBJ.invokeExact(context); // marks the context used, as the JDK's call does
        Object bout = (Object) BOUT.invokeExact(out);
        boolean unused = (boolean) BOUT_BLOCK_MODE.invokeExact(bout, false);
        if (write != null) {
            write.invokeExact(obj, (java.io.ObjectOutput) out);
        }
        for (int i = 0; i < references; i++) {
            WRITE_OBJECT0.invokeExact(out, (Object) ref.invokeExact(obj, i), false);
        }
        unused = (boolean) BOUT_BLOCK_MODE.invokeExact(bout, true);
    }

    /**
     * What {@code ObjectInputStream.defaultReadObject} does for a stream descriptor {@code desc} of the context's
     * level whose fields are the local level's (same names, types and order), with the level's generated code:
     * block-data mode off, its {@code bytes} of primitives and each of its {@code references} read as the JDK's
     * {@code FieldValues} reads them (the object's dependency on each marked), the fields stored by {@code set} (its
     * {@code $sb$set}), block-data mode on, the default data's end marked when the level has no custom data, and the
     * {@code ClassNotFoundException} the object carries, if any, thrown.
     */
    static void defaultRead(final Object context, final ObjectInputStream in, final ObjectStreamClass desc,
                            final MethodHandle set, final int bytes, final int references) throws Throwable {
        Object obj = (Object) GET_OBJ.invokeExact(context);
        Object bin = (Object) BIN.invokeExact(in);
        boolean unused = (boolean) BIN_BLOCK_MODE.invokeExact(bin, false);
        byte[] primitives = new byte[bytes];
        in.readFully(primitives);
        Object[] values = references == 0 ? null : new Object[references];
        Object handles = EvolvedRead.handles(in);
        int handle = EvolvedRead.passHandle(in);
        for (int i = 0; i < references; i++) {
            // a converted level's fields: none unshared, each with a local field
            values[i] = EvolvedRead.readReference(in, false, handles, handle, true);
        }
        try {
            set.invokeExact(obj, primitives, 0, values, 0);
        } catch (ClassCastException e) {
            // the checkcast of the generated code: the JDK's check of the values says it its way
            throw EvolvedRead.assignmentFailure(desc, obj, values, e);
        }
        unused = (boolean) BIN_BLOCK_MODE.invokeExact(bin, true);
        if (!(boolean) HAS_WRITE_OBJECT_DATA.invokeExact(desc)) {
            SET_DEFAULT_DATA_END.invokeExact(in, true);
        }
        ClassNotFoundException e = EvolvedRead.exception(handles, handle);
        if (e != null) {
            throw e;
        }
    }

    /** Whether the object being read ({@code passHandle}) carries a {@code ClassNotFoundException}. */
    static boolean failed(final ObjectInputStream in) throws Throwable {
        return EvolvedRead.exception(EvolvedRead.handles(in), EvolvedRead.passHandle(in)) != null;
    }

    /** {@code ObjectStreamClass.throwMiscException}'s rule for a checked exception a class's method threw. */
    private static IOException unexpected(final Throwable t) {
        return new IOException("unexpected exception type", t);
    }
}
