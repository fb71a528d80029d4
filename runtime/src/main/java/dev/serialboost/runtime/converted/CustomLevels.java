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
        // the locals few, the rest in writeEnter/writeExit: this frame is on the stack while the method runs, once
        // per nesting level of such objects (the JDK's writeSerialData's frame is as small)
        Object oldPut = (Object) JdkObjectOutputStream.SerialData.CUR_PUT.invokeExact(out);
        Object oldContext = writeEnter(obj, desc, out);
        try {
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
            writeExit(out);
        } finally {
            // the stream's context, as the JDK's finally takes it
            JdkSerialCallbackContext.SET_USED.invokeExact(
                    (Object) JdkObjectOutputStream.SerialData.CUR_CONTEXT.invokeExact(out));
            JdkObjectOutputStream.SerialData.SET_CUR_CONTEXT.invokeExact(out, oldContext);
        }
        JdkObjectOutputStream.SerialData.SET_CUR_PUT.invokeExact(out, oldPut);
    }

    /**
     * Before a level's {@code writeObject}: no current {@code PutField}, the stream's callback context set to {@code
     * obj} and {@code desc}, block-data mode on; returns the context it replaced.
     */
    private static Object writeEnter(final Object obj, final ObjectStreamClass desc, final ObjectOutputStream out)
            throws Throwable {
        JdkObjectOutputStream.SerialData.SET_CUR_PUT.invokeExact(out, (Object) null);
        Object oldContext = (Object) JdkObjectOutputStream.SerialData.CUR_CONTEXT.invokeExact(out);
        Object context = (Object) JdkSerialCallbackContext.NEW.invokeExact(obj, desc);
        JdkObjectOutputStream.SerialData.SET_CUR_CONTEXT.invokeExact(out, context);
        Object bout = (Object) JdkObjectOutputStream.BOUT.invokeExact(out);
        boolean unused = (boolean) JdkBlockDataOutputStream.SET_BLOCK_DATA_MODE.invokeExact(bout, true);
        return oldContext;
    }

    /** After a level's {@code writeObject} returned: block-data mode off, {@code TC_ENDBLOCKDATA}. */
    private static void writeExit(final ObjectOutputStream out) throws Throwable {
        Object bout = (Object) JdkObjectOutputStream.BOUT.invokeExact(out);
        boolean unused = (boolean) JdkBlockDataOutputStream.SET_BLOCK_DATA_MODE.invokeExact(bout, false);
        JdkBlockDataOutputStream.WRITE_BYTE.invokeExact(bout, (int) ObjectStreamConstants.TC_ENDBLOCKDATA);
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
        // the locals few, the rest in readEnter/readExit, as in write
        Object oldContext = readEnter(obj, desc, in);
        if (oldContext == SKIPPED) {
            skip(desc, in, endMarker);
            return;
        }
        // A level the writer wrote without methods of its own has no custom data: the JDK's defaultReadObject and
        // readFields then mark the default data's end (a read of optional data after it ends there), which they
        // tell by the descriptor's hasWriteObjectData; converted descriptors all have it (the mark of converted
        // data), so this level's says false while its class's method runs (the descriptor is this stream's own).
        boolean marked = (boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(desc);
        if (!endMarker) {
            JdkObjectStreamClass.SET_HAS_WRITE_OBJECT_DATA.invokeExact(desc, false);
        }
        try {
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
            // for the object being read now, as the JDK's readSerialData marks it
            JdkInputHandleTable.MARK_EXCEPTION.invokeExact(EvolvedRead.handles(in), EvolvedRead.passHandle(in), e);
        } finally {
            JdkObjectStreamClass.SET_HAS_WRITE_OBJECT_DATA.invokeExact(desc, marked);
            readExit(in, oldContext);
        }
        JdkObjectInputStream.SerialData.SET_DEFAULT_DATA_END.invokeExact(in, false);
        end(in, endMarker);
    }

    /** What {@link #readEnter} returns for an object that carries a {@code ClassNotFoundException}. */
    private static final Object SKIPPED = new Object();

    /**
     * Before a level's {@code readObject}: {@link #SKIPPED} if the object being read carries a {@code
     * ClassNotFoundException}; else the stream's callback context checked and replaced by one of {@code obj} and
     * {@code desc}, block-data mode on, and the context it replaced returned.
     */
    private static Object readEnter(final Object obj, final ObjectStreamClass desc, final ObjectInputStream in)
            throws Throwable {
        if (failed(in)) {
            return SKIPPED;
        }
        Object oldContext = (Object) JdkObjectInputStream.SerialData.CUR_CONTEXT.invokeExact(in);
        if (oldContext != null) {
            JdkSerialCallbackContext.CHECK.invokeExact(oldContext);
        }
        Object context = (Object) JdkSerialCallbackContext.NEW.invokeExact(obj, desc);
        JdkObjectInputStream.SerialData.SET_CUR_CONTEXT.invokeExact(in, context);
        Object bin = (Object) JdkObjectInputStream.BIN.invokeExact(in);
        boolean unused = (boolean) JdkBlockDataInputStream.SET_BLOCK_DATA_MODE.invokeExact(bin, true);
        return oldContext;
    }

    /**
     * After a level's {@code readObject}, however it ended: the stream's context (as the JDK's finally takes it)
     * marked used, {@code oldContext} checked and put back.
     */
    private static void readExit(final ObjectInputStream in, final Object oldContext) throws Throwable {
        JdkSerialCallbackContext.SET_USED.invokeExact(
                (Object) JdkObjectInputStream.SerialData.CUR_CONTEXT.invokeExact(in));
        if (oldContext != null) {
            JdkSerialCallbackContext.CHECK.invokeExact(oldContext);
        }
        JdkObjectInputStream.SerialData.SET_CUR_CONTEXT.invokeExact(in, oldContext);
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
     * The start of what {@code ObjectOutputStream.defaultWriteObject} does for the context's converted level {@code
     * level}, with the level's generated code: block-data mode off, the primitives (its {@code $sb$write}); returns
     * what {@link #defaultWriteNext} takes. The patched {@code defaultWriteObject} then writes each reference {@link
     * #defaultWriteNext} returns with the stream's {@code writeObject0}, from its own frame as {@code
     * defaultWriteFields} writes them, so a level of the graph takes no frame of serialboost's there.
     */
    static Object defaultWriteBegin(final Object context, final ObjectOutputStream out, final ConvertedLevel level)
            throws Throwable {
        // getObj() marks the context used, as the JDK's call does
        Object obj = (Object) JdkSerialCallbackContext.GET_OBJ.invokeExact(context);
        Object bout = (Object) JdkObjectOutputStream.BOUT.invokeExact(out);
        boolean unused = (boolean) JdkBlockDataOutputStream.SET_BLOCK_DATA_MODE.invokeExact(bout, false);
        if (level.write != null) {
            level.write.invokeExact(obj, (java.io.ObjectOutput) out);
        }
        return new DefaultWrite(obj, level);
    }

    /** An object whose level's default part is being written: the object, the level. */
    record DefaultWrite(Object obj, ConvertedLevel level) {
    }

    /**
     * The level's reference {@code i} ({@code $sb$ref}) to write next, or, after the last, {@link
     * ConvertedFormat#END} with block-data mode back on.
     */
    static Object defaultWriteNext(final ObjectOutputStream out, final DefaultWrite write, final int i)
            throws Throwable {
        if (i < write.level.ownReferences) {
            return (Object) write.level.ref.invokeExact(write.obj, i);
        }
        Object bout = (Object) JdkObjectOutputStream.BOUT.invokeExact(out);
        boolean unused = (boolean) JdkBlockDataOutputStream.SET_BLOCK_DATA_MODE.invokeExact(bout, true);
        return ConvertedFormat.END;
    }

    /**
     * The start of what {@code ObjectInputStream.defaultReadObject} does for a stream descriptor {@code desc} of the
     * context's level {@code level} whose fields are the local level's (same names, types and order), with the
     * level's generated code: block-data mode off, its primitives read; returns the read under way, which the
     * patched {@code defaultReadObject} hands to {@link #defaultReadNext} with each reference it reads with the
     * stream's {@code readObject0}, from its own frame as the JDK's {@code FieldValues} reads them, or, for a level
     * without references, what {@link #defaultReadNext} returns after the last.
     */
    static Object defaultReadBegin(final Object context, final ObjectInputStream in, final ObjectStreamClass desc,
                                   final ConvertedLevel level) throws Throwable {
        Object obj = (Object) JdkSerialCallbackContext.GET_OBJ.invokeExact(context);
        Object bin = (Object) JdkObjectInputStream.BIN.invokeExact(in);
        boolean unused = (boolean) JdkBlockDataInputStream.SET_BLOCK_DATA_MODE.invokeExact(bin, false);
        byte[] primitives = new byte[level.ownBytes];
        in.readFully(primitives);
        DefaultRead read = new DefaultRead(obj, desc, level, primitives, EvolvedRead.handles(in),
                EvolvedRead.passHandle(in));
        return level.ownReferences == 0 ? defaultReadEnd(in, read) : read;
    }

    /** A level's default part being read: what {@link #defaultReadBegin} read, and the references that have come. */
    static final class DefaultRead {
        final Object obj;
        final ObjectStreamClass desc;
        final ConvertedLevel level;
        final byte[] primitives;
        final Object[] values;
        final Object handles;
        /** The handle of the object being read. */
        final int handle;
        /** How many references have come. */
        int next;

        DefaultRead(final Object obj, final ObjectStreamClass desc, final ConvertedLevel level,
                    final byte[] primitives, final Object handles, final int handle) {
            this.obj = obj;
            this.desc = desc;
            this.level = level;
            this.primitives = primitives;
            this.values = level.ownReferences == 0 ? null : new Object[level.ownReferences];
            this.handles = handles;
            this.handle = handle;
        }
    }

    /**
     * Takes the next reference {@code value} of the read {@code read}, read by the stream's {@code
     * readObject0(Object.class, false)} (a converted level's fields: none unshared, each with a local field): the
     * object's dependency on it marked and {@code passHandle} back at the object's handle, as {@code FieldValues}
     * leaves them. Returns {@code read} while more are to come, else ends the read ({@link #defaultReadEnd}).
     */
    static Object defaultReadNext(final ObjectInputStream in, final DefaultRead read, final Object value)
            throws Throwable {
        EvolvedRead.referenceRead(in, read.handles, read.handle, true);
        read.values[read.next++] = value;
        return read.next < read.values.length ? read : defaultReadEnd(in, read);
    }

    /**
     * The end of a level's default part: the fields stored (its {@code $sb$set}), block-data mode on, the default
     * data's end marked when the level has no custom data, and the {@code ClassNotFoundException} the object carries,
     * if any, thrown; else {@link ConvertedFormat#END}.
     */
    private static Object defaultReadEnd(final ObjectInputStream in, final DefaultRead read) throws Throwable {
        try {
            read.level.set.invokeExact(read.obj, read.primitives, 0, read.values, 0);
        } catch (ClassCastException e) {
            // the checkcast of the generated code: the JDK's check of the values says it its way
            throw EvolvedRead.assignmentFailure(read.desc, read.obj, read.values, e);
        }
        Object bin = (Object) JdkObjectInputStream.BIN.invokeExact(in);
        boolean unused = (boolean) JdkBlockDataInputStream.SET_BLOCK_DATA_MODE.invokeExact(bin, true);
        if (!(boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(read.desc)) {
            JdkObjectInputStream.SerialData.SET_DEFAULT_DATA_END.invokeExact(in, true);
        }
        ClassNotFoundException e = EvolvedRead.exception(read.handles, read.handle);
        if (e != null) {
            throw e;
        }
        return ConvertedFormat.END;
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
