package dev.serialboost.runtime;

import java.io.Externalizable;
import java.io.InvalidClassException;
import java.io.ObjectOutput;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads streams written without serialboost (plain {@code Serializable} class descriptors) into classes
 * serialboost converted. Called from two JDK methods the agent patches at start-up, and from nowhere else:
 * <ul>
 *   <li>{@code ObjectStreamClass.initNonProxy} asks {@link #externalizable} instead of reading the
 *       {@code externalizable} flag of the local class descriptor: for a converted class meeting a plain
 *       stream descriptor it answers false, so the JDK reads the object with its own serializable path
 *       (instantiation, filters, handles, {@code readResolve}, skipping custom {@code writeObject} data);</li>
 *   <li>{@code ObjectInputStream$FieldValues.defaultCheckFieldValues} / {@code defaultSetFieldValues} ask
 *       {@link #checkFields} / {@link #setFields} first: for a converted class they match the stream's
 *       fields with the class's own serializable fields by name and type, as
 *       {@code ObjectStreamClass.matchFields} does (missing ones keep their defaults, extra ones are
 *       dropped, a type change is an {@code InvalidClassException}), check reference types like
 *       {@code checkObjFieldValueTypes}, and store the values.</li>
 * </ul>
 * Each hook returns quickly for every class serialboost did not convert.
 */
public final class LegacyReading {

    /** A converted class's serializable fields by name; empty map for classes that are not converted. */
    private static final ClassValue<Map<String, LocalField>> FIELDS = new ClassValue<>() {
        @Override
        protected Map<String, LocalField> computeValue(final Class<?> type) {
            return isConverted(type) ? localFields(type) : Map.of();
        }
    };

    private static final MethodHandle EXTERNALIZABLE;
    private static final MethodHandle SERIALIZABLE;

    static {
        MethodHandle externalizable = null;
        MethodHandle serializable = null;
        try {
            MethodHandles.Lookup io = MethodHandles.privateLookupIn(ObjectStreamClass.class, MethodHandles.lookup());
            externalizable = io.findGetter(ObjectStreamClass.class, "externalizable", boolean.class);
            serializable = io.findGetter(ObjectStreamClass.class, "serializable", boolean.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // the agent checks availability() before it patches the JDK; nothing calls the hooks then
        }
        EXTERNALIZABLE = externalizable;
        SERIALIZABLE = serializable;
    }

    private record LocalField(Field field, long offset, char typeCode) {
    }

    private LegacyReading() {
    }

    /** Null when the hooks can work on this JVM, else why not (the agent then leaves the JDK alone). */
    public static String availability() {
        if (EXTERNALIZABLE == null || SERIALIZABLE == null) {
            return "java.io.ObjectStreamClass has no accessible externalizable/serializable flags";
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
        if (FIELDS.get(cl).isEmpty() && !isConverted(cl)) {
            return true;
        }
        // a converted class reads a plain (Serializable, not Externalizable) stream descriptor as plain
        boolean plainStream = (boolean) SERIALIZABLE.invokeExact(model) && !(boolean) EXTERNALIZABLE.invokeExact(model);
        return !plainStream;
    }

    /** First statement of {@code FieldValues.defaultCheckFieldValues}; true when it handled the slot. */
    public static boolean checkFields(final ObjectStreamClass desc, final Object obj, final byte[] primitives,
                                      final Object[] objects) throws InvalidClassException {
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
                                    final Object[] objects) throws Throwable {
        Map<String, LocalField> local = fieldsOf(desc);
        if (local == null) {
            return false;
        }
        for (ObjectStreamField f : desc.getFields()) {
            LocalField lf = match(desc, f, local);
            if (lf == null) {
                continue;
            }
            int at = f.getOffset();
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
        return local.isEmpty() && !isConverted(cl) ? null : local;
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
    static boolean isConverted(final Class<?> type) {
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
