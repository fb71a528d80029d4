package dev.serialboost.runtime;

import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * New {@code ObjectStreamField} objects with the values of stream fields the engine made before, for the per-stream
 * copies of recognised descriptors ({@link DescriptorReader}). The JDK's constructor {@code ObjectStreamField(name,
 * signature, false)} interns the signature again, though a kept field's is interned already: in a profile of a stream
 * class overriding {@code resolveClass} (one business object per stream) that intern was three quarters of the copies'
 * cost. So a copy is allocated and given what that constructor gives a field: the same name, the same (interned)
 * signature, the type its signature's first character names, {@code unshared} false, no reflective field; {@code
 * typeSignature} and {@code offset} stay as the constructor leaves them (the descriptor's {@code computeFieldOffsets}
 * sets the offset). Exact only for the class the JDK has: used where {@code ObjectStreamField} declares exactly the
 * instance fields listed in {@link #EXPECTED} (JDK 17, 21 and 25), else every copy is made by the constructor.
 */
final class FieldCopies {

    /** The instance fields of {@code ObjectStreamField} this copy knows, in declaration order: name and type. */
    static final List<String> EXPECTED = List.of("name:String", "signature:String", "type:Class",
            "typeSignature:String", "unshared:boolean", "field:Field", "offset:int");

    private static final MethodHandle ALLOCATE;
    private static final MethodHandle GET_SIGNATURE;
    private static final MethodHandle GET_TYPE;
    private static final MethodHandle SET_NAME;
    private static final MethodHandle SET_SIGNATURE;
    private static final MethodHandle SET_TYPE;

    static {
        MethodHandle[] h = new MethodHandle[6];
        Privileged.call(() -> lookUp(h));
        ALLOCATE = h[0];
        GET_SIGNATURE = h[1];
        GET_TYPE = h[2];
        SET_NAME = h[3];
        SET_SIGNATURE = h[4];
        SET_TYPE = h[5];
    }

    private FieldCopies() {
    }

    /** Fills {@code h} when the class is the one this copy knows and its members can be reached; else leaves it. */
    private static Void lookUp(final MethodHandle[] h) {
        try {
            List<String> declared = new ArrayList<>();
            for (Field f : ObjectStreamField.class.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    declared.add(f.getName() + ":" + f.getType().getSimpleName());
                }
            }
            if (!declared.equals(EXPECTED)) {
                return null;
            }
            Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
            Object unsafe = unsafeClass.getMethod("getUnsafe").invoke(null);
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            MethodHandle allocate = lookup.findVirtual(unsafeClass, "allocateInstance",
                    MethodType.methodType(Object.class, Class.class)).bindTo(unsafe);
            MethodHandle[] found = {allocate, getter(lookup, "signature"), getter(lookup, "type"),
                setter(lookup, "name"), setter(lookup, "signature"), setter(lookup, "type")};
            System.arraycopy(found, 0, h, 0, found.length);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // every copy by the constructor
        }
        return null;
    }

    private static MethodHandle getter(final MethodHandles.Lookup lookup, final String name)
            throws ReflectiveOperationException {
        Field f = ObjectStreamField.class.getDeclaredField(name);
        f.setAccessible(true);
        return lookup.unreflectGetter(f).asType(MethodType.methodType(Object.class, ObjectStreamField.class));
    }

    private static MethodHandle setter(final MethodHandles.Lookup lookup, final String name)
            throws ReflectiveOperationException {
        Field f = ObjectStreamField.class.getDeclaredField(name);
        f.setAccessible(true);
        return lookup.unreflectSetter(f).asType(MethodType.methodType(void.class, ObjectStreamField.class,
                Object.class));
    }

    /** A new field with {@code original}'s name, signature and type, as {@code new ObjectStreamField} makes it. */
    static ObjectStreamField copy(final ObjectStreamField original) throws Throwable {
        if (ALLOCATE == null) {
            return Engine.newField(original.getName(), original.isPrimitive()
                    ? String.valueOf(original.getTypeCode()) : original.getTypeString());
        }
        ObjectStreamField copy = (ObjectStreamField) (Object) ALLOCATE.invokeExact(ObjectStreamField.class);
        SET_NAME.invokeExact(copy, (Object) original.getName());
        SET_SIGNATURE.invokeExact(copy, (Object) GET_SIGNATURE.invokeExact(original));
        SET_TYPE.invokeExact(copy, (Object) GET_TYPE.invokeExact(original));
        return copy;
    }
}
