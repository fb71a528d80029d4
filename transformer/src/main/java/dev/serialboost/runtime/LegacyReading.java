package dev.serialboost.runtime;

import java.io.Externalizable;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.Reference;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads streams written without serialboost (plain {@code Serializable} class descriptors) into classes
 * serialboost converted, and into classes it left plain below a converted superclass. Called from the JDK
 * methods the agent patches at start-up, and from nowhere else:
 * <ul>
 *   <li>{@code ObjectStreamClass.initNonProxy} asks {@link #externalizable} instead of reading the
 *       {@code externalizable} flag of the local class descriptor: for a converted class meeting a plain
 *       stream descriptor it answers false, so the JDK reads the object with its own serializable path
 *       (instantiation, filters, handles, {@code readResolve}, skipping custom {@code writeObject} data);</li>
 *   <li>{@code initNonProxy} also passes its local descriptor through {@link #localDescriptor}: a class that is
 *       {@code Externalizable} only through a converted superclass (serialboost skipped it, e.g. for its
 *       {@code writeObject}) meeting a plain stream descriptor gets the descriptor the JDK builds for it without
 *       serialboost, built by the JDK's own constructor while {@link #externalizableView} answers false: its
 *       serializable constructor, {@code readObject}, {@code readObjectNoData} and fields, all used by the
 *       JDK itself;</li>
 *   <li>{@code ObjectInputStream$FieldValues.defaultCheckFieldValues} / {@code defaultSetFieldValues} ask
 *       {@link #checkFields} / {@link #setFields} first: for a converted class they match the stream's
 *       fields with the class's own serializable fields by name and type, as
 *       {@code ObjectStreamClass.matchFields} does (missing ones keep their defaults, extra ones are
 *       dropped, a type change is an {@code InvalidClassException}), check reference types like
 *       {@code checkObjFieldValueTypes}, and store the values. For each reference field matched they record the
 *       handle dependency the JDK's {@code FieldValues} records for its matched fields, so a value whose class
 *       cannot be found makes the object, and the top-level {@code readObject}, fail with the JDK's
 *       {@code ClassNotFoundException}.</li>
 * </ul>
 * Each hook returns quickly for every class serialboost did not convert.
 */
public final class LegacyReading {

    /** The value of {@link #FIELDS} for a class serialboost did not convert (compared by identity). */
    private static final Map<String, LocalField> NOT_CONVERTED = Collections.unmodifiableMap(new HashMap<>());

    /** A converted class's serializable fields by name (maybe none); {@link #NOT_CONVERTED} for other classes. */
    private static final ClassValue<Map<String, LocalField>> FIELDS = new ClassValue<>() {
        @Override
        protected Map<String, LocalField> computeValue(final Class<?> type) {
            return isConverted(type) ? localFields(type) : NOT_CONVERTED;
        }
    };

    /**
     * Descriptors of classes that are Externalizable only through a converted superclass, as the JDK builds them
     * without serialboost (plain Serializable).
     */
    private static final ClassValue<ObjectStreamClass> PLAIN_VIEW = new ClassValue<>() {
        @Override
        protected ObjectStreamClass computeValue(final Class<?> type) {
            // the JDK's constructor looks up the superclass's descriptor (which holds those above it): have it
            // built, and held, the usual way before the view's own flag is set
            ObjectStreamClass superclass = ObjectStreamClass.lookup(type.getSuperclass());
            BUILDING_PLAIN_VIEW.set(Boolean.TRUE);
            try {
                return (ObjectStreamClass) NEW_DESCRIPTOR.invokeExact(type);
            } catch (Throwable t) {
                throw new IllegalStateException("cannot describe " + type.getName() + " as plain Serializable", t);
            } finally {
                BUILDING_PLAIN_VIEW.remove();
                Reference.reachabilityFence(superclass);
            }
        }
    };

    /** Set while {@link #PLAIN_VIEW} runs the JDK's descriptor constructor on this thread. */
    private static final ThreadLocal<Boolean> BUILDING_PLAIN_VIEW = new ThreadLocal<>();

    private static final MethodHandle EXTERNALIZABLE;
    private static final MethodHandle SERIALIZABLE;
    /** {@code (ObjectStreamClass) -> ObjectStreamClass}: a stream descriptor's local class descriptor. */
    private static final MethodHandle LOCAL_DESC;
    /** {@code (Class) -> ObjectStreamClass}: the JDK's private descriptor constructor. */
    private static final MethodHandle NEW_DESCRIPTOR;
    /** {@code (FieldValues) -> int[]}: the stream handles of the slot's object field values. */
    private static final MethodHandle OBJ_HANDLES;
    /** {@code (FieldValues) -> ObjectInputStream}: the stream reading the slot. */
    private static final MethodHandle STREAM;
    /** {@code (ObjectInputStream) -> int}: the handle of the object being read. */
    private static final MethodHandle PASS_HANDLE;
    /** {@code (ObjectInputStream, dependent, target) -> void}: {@code handles.markDependency(dependent, target)}. */
    private static final MethodHandle MARK_DEPENDENCY;

    static {
        MethodHandle externalizable = null;
        MethodHandle serializable = null;
        MethodHandle objHandles = null;
        MethodHandle stream = null;
        MethodHandle passHandle = null;
        MethodHandle markDependency = null;
        MethodHandle newDescriptor = null;
        MethodHandle localDesc = null;
        try {
            MethodHandles.Lookup io = MethodHandles.privateLookupIn(ObjectStreamClass.class, MethodHandles.lookup());
            externalizable = io.findGetter(ObjectStreamClass.class, "externalizable", boolean.class);
            serializable = io.findGetter(ObjectStreamClass.class, "serializable", boolean.class);
            localDesc = io.findGetter(ObjectStreamClass.class, "localDesc", ObjectStreamClass.class);
            newDescriptor = io.findConstructor(ObjectStreamClass.class, MethodType.methodType(void.class, Class.class))
                    .asType(MethodType.methodType(ObjectStreamClass.class, Class.class));
            // FieldValues and HandleTable are nestmates of ObjectInputStream: one private lookup reaches all three
            MethodHandles.Lookup ois = MethodHandles.privateLookupIn(ObjectInputStream.class, MethodHandles.lookup());
            Class<?> values = Class.forName("java.io.ObjectInputStream$FieldValues");
            Class<?> handles = Class.forName("java.io.ObjectInputStream$HandleTable");
            objHandles = ois.findGetter(values, "objHandles", int[].class).asType(
                    MethodType.methodType(int[].class, Object.class));
            stream = ois.findGetter(values, "this$0", ObjectInputStream.class).asType(
                    MethodType.methodType(ObjectInputStream.class, Object.class));
            passHandle = ois.findGetter(ObjectInputStream.class, "passHandle", int.class);
            markDependency = MethodHandles.filterArguments(
                    ois.findVirtual(handles, "markDependency", MethodType.methodType(void.class, int.class, int.class)),
                    0, ois.findGetter(ObjectInputStream.class, "handles", handles));
        } catch (ReflectiveOperationException | RuntimeException e) {
            // the agent checks availability() before it patches the JDK; nothing calls the hooks then
        }
        EXTERNALIZABLE = externalizable;
        SERIALIZABLE = serializable;
        OBJ_HANDLES = objHandles;
        STREAM = stream;
        PASS_HANDLE = passHandle;
        MARK_DEPENDENCY = markDependency;
        NEW_DESCRIPTOR = newDescriptor;
        LOCAL_DESC = localDesc;
    }

    private record LocalField(Field field, long offset, char typeCode) {
    }

    private LegacyReading() {
    }

    /** Null when the hooks can work on this JVM, else why not (the agent then leaves the JDK alone). */
    public static String availability() {
        if (EXTERNALIZABLE == null || SERIALIZABLE == null || LOCAL_DESC == null || NEW_DESCRIPTOR == null) {
            return "java.io.ObjectStreamClass has no accessible externalizable/serializable flags, localDesc or"
                    + " constructor";
        }
        if (OBJ_HANDLES == null || STREAM == null || PASS_HANDLE == null || MARK_DEPENDENCY == null) {
            return "java.io.ObjectInputStream has no accessible handle table, passHandle or FieldValues.objHandles";
        }
        return SerialboostRuntime.finalFieldsProblem();
    }

    /**
     * Replaces {@code desc.externalizable} in {@code ObjectStreamClass.initNonProxy(model, cl, ...)}.
     * {@code desc} is the stream descriptor {@code model} or the local descriptor of {@code cl}.
     */
    public static boolean externalizable(final ObjectStreamClass desc, final ObjectStreamClass model,
                                         final Class<?> cl) throws Throwable {
        boolean externalizable = (boolean) EXTERNALIZABLE.invokeExact(desc);
        if (desc == model || cl == null) {
            return externalizable;
        }
        if (!externalizable) {
            if ((boolean) EXTERNALIZABLE.invokeExact(model) && (boolean) SERIALIZABLE.invokeExact(desc)) {
                // the JDK is about to refuse: say what probably happened
                throw new InvalidClassException(cl.getName(), "Serializable incompatible with Externalizable: the"
                        + " stream has this class in the Externalizable format, as serialboost writes converted"
                        + " classes, but this JVM reads it as plain Serializable (serialboost excluded or skipped it"
                        + " here, or the class was loaded before the agent); writer and reader need the same"
                        + " serialboost configuration, see docs/compatibility.md");
            }
            return false;
        }
        if (FIELDS.get(cl) == NOT_CONVERTED) {
            return true;
        }
        // a converted class reads a plain stream descriptor as plain
        return !plainStream(model);
    }

    /** Whether a stream descriptor is plain: Serializable, not Externalizable (as written without serialboost). */
    private static boolean plainStream(final ObjectStreamClass model) throws Throwable {
        return (boolean) SERIALIZABLE.invokeExact(model) && !(boolean) EXTERNALIZABLE.invokeExact(model);
    }

    /**
     * Replaces the local descriptor {@code osc = lookup(cl, true)} in {@code initNonProxy(model, cl, ...)}: for
     * a plain stream descriptor and a class that is Externalizable only through a converted superclass, the
     * descriptor the JDK has for that class without serialboost; else {@code osc}.
     */
    public static ObjectStreamClass localDescriptor(final ObjectStreamClass osc, final ObjectStreamClass model,
                                                    final Class<?> cl) throws Throwable {
        if (!(boolean) EXTERNALIZABLE.invokeExact(osc) || !plainStream(model)
                || !externalizableThroughConvertedSuperclass(cl)) {
            return osc;
        }
        return PLAIN_VIEW.get(cl);
    }

    /**
     * Replaces {@code Externalizable.class.isAssignableFrom(cl)} in the {@code ObjectStreamClass(Class)}
     * constructor and in {@code getSerialFields(Class)}, which it calls: false while {@link #PLAIN_VIEW} builds a
     * descriptor on this thread.
     */
    public static boolean externalizableView(final boolean externalizable) {
        return externalizable && BUILDING_PLAIN_VIEW.get() == null;
    }

    /**
     * Whether the first class up from {@code cl} that declares Externalizable is a converted superclass: then
     * {@code cl} is Externalizable because of serialboost alone, not converted itself.
     */
    private static boolean externalizableThroughConvertedSuperclass(final Class<?> cl) {
        for (Class<?> c = cl; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (Externalizable.class.isAssignableFrom(i)) {
                    return c != cl && FIELDS.get(c) != NOT_CONVERTED;
                }
            }
        }
        return false;
    }

    /**
     * The guard in front of both {@code FieldValues} hooks: whether the slot's local class descriptor is
     * Externalizable. Among classes whose fields the JDK reads by default, only a converted class's is (a plain
     * view is not). Two field loads once inlined, and no interface check, because every plain class passes
     * here on every read.
     */
    public static boolean convertedSlot(final ObjectStreamClass desc) throws Throwable {
        ObjectStreamClass local = (ObjectStreamClass) LOCAL_DESC.invokeExact(desc);
        return local != null && (boolean) EXTERNALIZABLE.invokeExact(local);
    }

    /**
     * First statement of {@code FieldValues.defaultCheckFieldValues}; true when it handled the slot. {@code values}
     * is the {@code FieldValues} itself (both hooks take the same arguments; this one does not need it).
     */
    public static boolean checkFields(final ObjectStreamClass desc, final Object obj, final byte[] primitives,
                                      final Object[] objects, final Object values) throws InvalidClassException {
        Map<String, LocalField> local = fieldsOf(desc);
        if (local == null) {
            return false;
        }
        for (ObjectStreamField f : desc.getFields()) {
            LocalField lf = match(desc, f, local);
            if (lf != null && !f.isPrimitive()) {
                Object value = objects[f.getOffset()];
                if (value != null && !lf.field.getType().isInstance(value)) {
                    throw new ClassCastException("cannot assign instance of " + value.getClass().getName()
                            + " to field " + lf.field.getDeclaringClass().getName() + "." + lf.field.getName()
                            + " of type " + lf.field.getType().getName() + " in instance of " + obj.getClass().getName());
                }
            }
        }
        return true;
    }

    /** First statement of {@code FieldValues.defaultSetFieldValues}; true when it handled the slot. */
    public static boolean setFields(final ObjectStreamClass desc, final Object obj, final byte[] primitives,
                                    final Object[] objects, final Object values) throws Throwable {
        Map<String, LocalField> local = fieldsOf(desc);
        if (local == null) {
            return false;
        }
        ObjectInputStream in = (ObjectInputStream) STREAM.invokeExact(values);
        int[] handles = (int[]) OBJ_HANDLES.invokeExact(values);
        int objHandle = (int) PASS_HANDLE.invokeExact(in);
        for (ObjectStreamField f : desc.getFields()) {
            LocalField lf = match(desc, f, local);
            if (lf == null) {
                continue;
            }
            int at = f.getOffset();
            if (!f.isPrimitive()) {
                // what FieldValues(desc, true) does for the fields the JDK matched (ours it could not match)
                MARK_DEPENDENCY.invokeExact(in, objHandle, handles[at]);
            }
            long offset = lf.offset;
            switch (lf.typeCode) {
                case 'Z' -> InternalUnsafe.PUT_BOOLEAN.invokeExact(obj, offset, primitives[at] != 0);
                case 'B' -> InternalUnsafe.PUT_BYTE.invokeExact(obj, offset, primitives[at]);
                case 'C' -> InternalUnsafe.PUT_CHAR.invokeExact(obj, offset, SerialboostRuntime.getChar(primitives, at));
                case 'S' -> InternalUnsafe.PUT_SHORT.invokeExact(obj, offset, SerialboostRuntime.getShort(primitives, at));
                case 'I' -> InternalUnsafe.PUT_INT.invokeExact(obj, offset, SerialboostRuntime.getInt(primitives, at));
                case 'J' -> InternalUnsafe.PUT_LONG.invokeExact(obj, offset, SerialboostRuntime.getLong(primitives, at));
                case 'F' -> InternalUnsafe.PUT_FLOAT.invokeExact(obj, offset, SerialboostRuntime.getFloat(primitives, at));
                case 'D' -> InternalUnsafe.PUT_DOUBLE.invokeExact(obj, offset, SerialboostRuntime.getDouble(primitives, at));
                default -> InternalUnsafe.PUT_REFERENCE.invokeExact(obj, offset, objects[at]);
            }
        }
        return true;
    }

    /** The local fields when the slot's class is converted, else null (the JDK handles the slot). */
    private static Map<String, LocalField> fieldsOf(final ObjectStreamClass desc) {
        Class<?> cl = desc.forClass();
        if (cl == null) {
            return null;
        }
        Map<String, LocalField> local = FIELDS.get(cl);
        return local == NOT_CONVERTED ? null : local;
    }

    /** The local field a stream field goes into, as ObjectStreamClass.matchFields pairs them. */
    private static LocalField match(final ObjectStreamClass desc, final ObjectStreamField f,
                                    final Map<String, LocalField> local) throws InvalidClassException {
        LocalField lf = local.get(f.getName());
        if (lf == null) {
            return null;
        }
        char streamType = f.getTypeCode();
        boolean bothReferences = (streamType == 'L' || streamType == '[') && (lf.typeCode == 'L' || lf.typeCode == '[');
        if (streamType != lf.typeCode && !bothReferences) {
            throw new InvalidClassException(desc.getName(), "incompatible types for field " + f.getName());
        }
        return lf;
    }

    /** Converted by serialboost: Externalizable with the generated write method declared by the class itself. */
    private static boolean isConverted(final Class<?> type) {
        if (!Externalizable.class.isAssignableFrom(type)) {
            return false;
        }
        try {
            type.getDeclaredMethod("$sb$write", ObjectOutput.class);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static Map<String, LocalField> localFields(final Class<?> type) {
        Map<String, LocalField> fields = new HashMap<>();
        for (Field f : type.getDeclaredFields()) {
            int mods = f.getModifiers();
            if (Modifier.isStatic(mods) || Modifier.isTransient(mods)) {
                continue;
            }
            Class<?> t = f.getType();
            char code = t.isPrimitive() ? t.descriptorString().charAt(0) : t.isArray() ? '[' : 'L';
            fields.put(f.getName(), new LocalField(f, InternalUnsafe.objectFieldOffset(type, f.getName()), code));
        }
        return Map.copyOf(fields);
    }
}
