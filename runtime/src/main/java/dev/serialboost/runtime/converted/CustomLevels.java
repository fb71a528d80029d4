package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.jdk.JdkBlockDataInputStream;
import dev.serialboost.runtime.jdk.JdkBlockDataOutputStream;
import dev.serialboost.runtime.jdk.JdkFieldValues;
import dev.serialboost.runtime.jdk.JdkInputHandleTable;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkObjectInputStream;
import dev.serialboost.runtime.jdk.JdkObjectOutputStream;
import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import dev.serialboost.runtime.jdk.JdkSerialCallbackContext;
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

    /** Why custom levels cannot be written and read on this JVM (the first group of JDK members that is missing). */
    private static final Throwable PROBLEM = JdkLookup.firstProblem(JdkObjectOutputStream.PROBLEM,
            JdkObjectOutputStream.SerialData.PROBLEM, JdkBlockDataOutputStream.PROBLEM, JdkObjectInputStream.PROBLEM,
            JdkObjectInputStream.SerialData.PROBLEM, JdkBlockDataInputStream.PROBLEM, JdkInputHandleTable.PROBLEM,
            JdkFieldValues.PROBLEM, JdkSerialCallbackContext.PROBLEM, JdkObjectStreamClass.PROBLEM);

    private CustomLevels() {
    }

    /** Null when custom levels can be written and read on this JVM, else why not. */
    static String availability() {
        return PROBLEM == null ? null : "java.io has no accessible callback context, block-data mode, skipCustomData,"
                + " markException or FieldValues as serialboost expects (" + PROBLEM + ")";
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
        Object oldPut = (Object) JdkObjectOutputStream.SerialData.CUR_PUT.invokeExact(out);
        JdkObjectOutputStream.SerialData.SET_CUR_PUT.invokeExact(out, (Object) null);
        Object oldContext = (Object) JdkObjectOutputStream.SerialData.CUR_CONTEXT.invokeExact(out);
        Object bout = (Object) JdkObjectOutputStream.BOUT.invokeExact(out);
        Object context = (Object) JdkSerialCallbackContext.NEW.invokeExact(obj, desc);
        try {
            JdkObjectOutputStream.SerialData.SET_CUR_CONTEXT.invokeExact(out, context);
            boolean unused = (boolean) JdkBlockDataOutputStream.SET_BLOCK_DATA_MODE.invokeExact(bout, true);
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
            unused = (boolean) JdkBlockDataOutputStream.SET_BLOCK_DATA_MODE.invokeExact(bout, false);
            JdkBlockDataOutputStream.WRITE_BYTE.invokeExact(bout, (int) ObjectStreamConstants.TC_ENDBLOCKDATA);
        } finally {
            JdkSerialCallbackContext.SET_USED.invokeExact(context);
            JdkObjectOutputStream.SerialData.SET_CUR_CONTEXT.invokeExact(out, oldContext);
        }
        JdkObjectOutputStream.SerialData.SET_CUR_PUT.invokeExact(out, oldPut);
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
        Object bin = (Object) JdkObjectInputStream.BIN.invokeExact(in);
        Object oldContext = (Object) JdkObjectInputStream.SerialData.CUR_CONTEXT.invokeExact(in);
        if (oldContext != null) {
            JdkSerialCallbackContext.CHECK.invokeExact(oldContext);
        }
        Object context = (Object) JdkSerialCallbackContext.NEW.invokeExact(obj, desc);
        // A level the writer wrote without methods of its own has no custom data: the JDK's defaultReadObject and
        // readFields then mark the default data's end (a read of optional data after it ends there), which they
        // tell by the descriptor's hasWriteObjectData; converted descriptors all have it (the mark of converted
        // data), so this level's says false while its class's method runs (the descriptor is this stream's own).
        boolean marked = (boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(desc);
        if (!endMarker) {
            JdkObjectStreamClass.SET_HAS_WRITE_OBJECT_DATA.invokeExact(desc, false);
        }
        try {
            JdkObjectInputStream.SerialData.SET_CUR_CONTEXT.invokeExact(in, context);
            boolean unused = (boolean) JdkBlockDataInputStream.SET_BLOCK_DATA_MODE.invokeExact(bin, true);
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
            JdkInputHandleTable.MARK_EXCEPTION.invokeExact(handles, handle, e);
        } finally {
            JdkObjectStreamClass.SET_HAS_WRITE_OBJECT_DATA.invokeExact(desc, marked);
            JdkSerialCallbackContext.SET_USED.invokeExact(context);
            if (oldContext != null) {
                JdkSerialCallbackContext.CHECK.invokeExact(oldContext);
            }
            JdkObjectInputStream.SerialData.SET_CUR_CONTEXT.invokeExact(in, oldContext);
        }
        JdkObjectInputStream.SerialData.SET_DEFAULT_DATA_END.invokeExact(in, false);
        end(in, endMarker);
    }

    /**
     * Reads the level {@code desc} past, as {@code readSerialData} reads a slot of an object that carries an
     * exception: the JDK's {@code FieldValues} of its descriptor, dropped; then, if the writer wrote the level with
     * its own methods, its custom data up to {@code TC_ENDBLOCKDATA}.
     */
    static void skip(final ObjectStreamClass desc, final ObjectInputStream in, final boolean endMarker)
            throws Throwable {
        Object dropped = (Object) JdkFieldValues.NEW.invokeExact(in, desc, true);
        end(in, endMarker);
    }

    /** After a level: its custom data skipped to its end marker, or (no marker) block-data mode off. */
    static void end(final ObjectInputStream in, final boolean endMarker) throws Throwable {
        if (endMarker) {
            JdkObjectInputStream.SerialData.SKIP_CUSTOM_DATA.invokeExact(in);
        } else {
            Object bin = (Object) JdkObjectInputStream.BIN.invokeExact(in);
            boolean unused = (boolean) JdkBlockDataInputStream.SET_BLOCK_DATA_MODE.invokeExact(bin, false);
        }
    }

    // ---- the default part, by the generated code ---------------------------------------------------------------

    /**
     * The stream's callback context ({@code curContext}: set while a class's {@code writeObject} runs), or null; and
     * when the JDK's own {@code defaultWriteObject} must run even for a converted level (its extended debug info on).
     */
    static Object writeContext(final ObjectOutputStream out) throws Throwable {
        return JdkObjectOutputStream.SerialData.EXTENDED_DEBUG_INFO ? null
                : (Object) JdkObjectOutputStream.SerialData.CUR_CONTEXT.invokeExact(out);
    }

    /** The stream's callback context ({@code curContext}: set while a class's {@code readObject} runs), or null. */
    static Object readContext(final ObjectInputStream in) throws Throwable {
        return (Object) JdkObjectInputStream.SerialData.CUR_CONTEXT.invokeExact(in);
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
        Object obj = (Object) JdkSerialCallbackContext.OBJ.invokeExact(context);
        ObjectStreamClass desc = (ObjectStreamClass) JdkSerialCallbackContext.DESC.invokeExact(context);
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
        // getObj() marks the context used, as the JDK's call does
        Object obj = (Object) JdkSerialCallbackContext.GET_OBJ.invokeExact(context);
        Object bout = (Object) JdkObjectOutputStream.BOUT.invokeExact(out);
        boolean unused = (boolean) JdkBlockDataOutputStream.SET_BLOCK_DATA_MODE.invokeExact(bout, false);
        if (write != null) {
            write.invokeExact(obj, (java.io.ObjectOutput) out);
        }
        for (int i = 0; i < references; i++) {
            JdkObjectOutputStream.SerialData.WRITE_OBJECT0.invokeExact(out, (Object) ref.invokeExact(obj, i), false);
        }
        unused = (boolean) JdkBlockDataOutputStream.SET_BLOCK_DATA_MODE.invokeExact(bout, true);
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
        Object obj = (Object) JdkSerialCallbackContext.GET_OBJ.invokeExact(context);
        Object bin = (Object) JdkObjectInputStream.BIN.invokeExact(in);
        boolean unused = (boolean) JdkBlockDataInputStream.SET_BLOCK_DATA_MODE.invokeExact(bin, false);
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
        unused = (boolean) JdkBlockDataInputStream.SET_BLOCK_DATA_MODE.invokeExact(bin, true);
        if (!(boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(desc)) {
            JdkObjectInputStream.SerialData.SET_DEFAULT_DATA_END.invokeExact(in, true);
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
