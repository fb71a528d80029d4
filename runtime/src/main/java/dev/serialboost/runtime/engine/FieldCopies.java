package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.Privileged;
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
    /** {@code Unsafe.putReference(Object, long, Object)}, bound to the {@code Unsafe}. */
    private static final MethodHandle PUT;
    private static final long NAME;
    private static final long SIGNATURE;
    private static final long TYPE;

    static {
        MethodHandle[] h = new MethodHandle[4];
        long[] offsets = new long[3];
        Privileged.call(() -> lookUp(h, offsets));
        ALLOCATE = h[0];
        GET_SIGNATURE = h[1];
        GET_TYPE = h[2];
        PUT = h[3];
        NAME = offsets[0];
        SIGNATURE = offsets[1];
        TYPE = offsets[2];
    }

    private FieldCopies() {
    }

    /**
     * Fills {@code h} and {@code offsets} when the class is the one this copy knows and its members can be reached;
     * else leaves them. The final fields are stored as the JDK's own deserialization stores an object's final fields
     * ({@code FieldReflector}): through {@code Unsafe}, not through reflection, which later JDKs warn about for final
     * fields.
     */
    private static Void lookUp(final MethodHandle[] h, final long[] offsets) {
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
            MethodHandle offset = lookup.findVirtual(unsafeClass, "objectFieldOffset",
                    MethodType.methodType(long.class, Class.class, String.class)).bindTo(unsafe);
            long[] found = {(long) offset.invokeExact(ObjectStreamField.class, "name"),
                (long) offset.invokeExact(ObjectStreamField.class, "signature"),
                (long) offset.invokeExact(ObjectStreamField.class, "type")};
            MethodHandle[] handles = {lookup.findVirtual(unsafeClass, "allocateInstance",
                    MethodType.methodType(Object.class, Class.class)).bindTo(unsafe), getter(lookup, "signature"),
                getter(lookup, "type"), lookup.findVirtual(unsafeClass, "putReference",
                    MethodType.methodType(void.class, Object.class, long.class, Object.class)).bindTo(unsafe)};
            System.arraycopy(found, 0, offsets, 0, found.length);
            System.arraycopy(handles, 0, h, 0, handles.length);
        } catch (Throwable e) {
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

    /** A new field with {@code original}'s name, signature and type, as {@code new ObjectStreamField} makes it. */
    static ObjectStreamField copy(final ObjectStreamField original) throws Throwable {
        if (ALLOCATE == null) {
            return Engine.newField(original.getName(), original.isPrimitive()
                    ? String.valueOf(original.getTypeCode()) : original.getTypeString());
        }
        Object copy = (Object) ALLOCATE.invokeExact(ObjectStreamField.class);
        PUT.invokeExact(copy, NAME, (Object) original.getName());
        PUT.invokeExact(copy, SIGNATURE, (Object) GET_SIGNATURE.invokeExact(original));
        PUT.invokeExact(copy, TYPE, (Object) GET_TYPE.invokeExact(original));
        return (ObjectStreamField) copy;
    }
}
