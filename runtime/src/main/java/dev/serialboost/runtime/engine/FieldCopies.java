package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.Privileged;
import dev.serialboost.runtime.jdk.JdkObjectStreamField;
import dev.serialboost.runtime.jdk.JdkUnsafe;
import java.io.ObjectStreamField;
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

    /**
     * Whether copies are made without the constructor: {@code ObjectStreamField} is the class this copy knows, and its
     * fields can be stored ({@link JdkObjectStreamField.Layout}).
     */
    static final boolean DIRECT = Privileged.call(FieldCopies::declaredFields).equals(EXPECTED)
            && JdkObjectStreamField.Layout.PROBLEM == null;

    private FieldCopies() {
    }

    /** The instance fields {@code ObjectStreamField} declares, as {@link #EXPECTED} lists them. */
    private static List<String> declaredFields() {
        List<String> declared = new ArrayList<>();
        try {
            for (Field f : ObjectStreamField.class.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    declared.add(f.getName() + ":" + f.getType().getSimpleName());
                }
            }
        } catch (RuntimeException e) {
            declared.clear(); // every copy by the constructor
        }
        return declared;
    }

    /** A new field with {@code original}'s name, signature and type, as {@code new ObjectStreamField} makes it. */
    static ObjectStreamField copy(final ObjectStreamField original) throws Throwable {
        if (!DIRECT) {
            return Engine.newField(original.getName(), original.isPrimitive()
                    ? String.valueOf(original.getTypeCode()) : original.getTypeString());
        }
        Object copy = (Object) JdkUnsafe.ObjectFields.ALLOCATE_INSTANCE.invokeExact(ObjectStreamField.class);
        JdkUnsafe.ObjectFields.PUT_REFERENCE.invokeExact(copy, JdkObjectStreamField.Layout.NAME_OFFSET,
                (Object) original.getName());
        JdkUnsafe.ObjectFields.PUT_REFERENCE.invokeExact(copy, JdkObjectStreamField.Layout.SIGNATURE_OFFSET,
                (Object) (String) JdkObjectStreamField.Layout.SIGNATURE.invokeExact(original));
        JdkUnsafe.ObjectFields.PUT_REFERENCE.invokeExact(copy, JdkObjectStreamField.Layout.TYPE_OFFSET,
                (Object) (Class<?>) JdkObjectStreamField.Layout.TYPE.invokeExact(original));
        return (ObjectStreamField) copy;
    }
}
