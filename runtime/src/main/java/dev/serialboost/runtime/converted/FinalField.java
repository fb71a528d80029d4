package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.ApplicationFacing;
import dev.serialboost.runtime.jdk.JdkUnsafe;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * Stores into one final instance field of one class: how generated {@code readExternal} code restores
 * final fields of classes whose class-file version forbids {@code putfield} on them outside
 * {@code <init>}. Final fields stay final.
 *
 * <p>Generated code gets its instances from a dynamic constant ({@code ldc} of a {@code CONSTANT_Dynamic}
 * bootstrapped by {@link #bootstrap}), resolved once on first use and constant to the JIT afterwards.
 * Only a class's own full-privilege lookup can make one for that class's fields, and every store checks
 * the target's and the value's types, so an instance grants no more than the class's own code has.
 */
@ApplicationFacing
public final class FinalField {

    private final Class<?> owner;
    private final Class<?> type;
    private final long offset;

    private FinalField(final Class<?> owner, final Class<?> type, final long offset) {
        this.owner = owner;
        this.type = type;
        this.offset = offset;
    }

    /**
     * Bootstrap method of the dynamic constants in generated code.
     *
     * @param lookup     the generated class's own lookup
     * @param name       the field name
     * @param constType  {@code FinalField.class}
     * @param descriptor the field's type descriptor, checked against the field
     */
    public static FinalField bootstrap(final MethodHandles.Lookup lookup, final String name, final Class<?> constType,
                                       final String descriptor) throws NoSuchFieldException, IllegalAccessException {
        Class<?> owner = lookup.lookupClass();
        if (!lookup.hasFullPrivilegeAccess()) {
            throw new IllegalAccessException("FinalField needs the full-privilege lookup of " + owner.getName());
        }
        if (owner.isRecord() || owner.isHidden()) {
            // their final fields are final even to their own code's reflection: no class gets to change them here
            throw new IllegalAccessException("FinalField refuses a record or hidden class: " + owner.getName());
        }
        Field field = owner.getDeclaredField(name);
        if (Modifier.isStatic(field.getModifiers()) || !field.getType().descriptorString().equals(descriptor)) {
            throw new NoSuchFieldException(owner.getName() + "." + name + " is not an instance field of type "
                    + descriptor);
        }
        return new FinalField(owner, field.getType(), JdkUnsafe.objectFieldOffset(owner, name));
    }

    public void setBoolean(final Object target, final boolean value) throws Throwable {
        JdkUnsafe.PrimitiveFields.PUT_BOOLEAN.invokeExact(owner.cast(target), offset, value);
    }

    public void setByte(final Object target, final byte value) throws Throwable {
        JdkUnsafe.PrimitiveFields.PUT_BYTE.invokeExact(owner.cast(target), offset, value);
    }

    public void setChar(final Object target, final char value) throws Throwable {
        JdkUnsafe.PrimitiveFields.PUT_CHAR.invokeExact(owner.cast(target), offset, value);
    }

    public void setShort(final Object target, final short value) throws Throwable {
        JdkUnsafe.PrimitiveFields.PUT_SHORT.invokeExact(owner.cast(target), offset, value);
    }

    public void setInt(final Object target, final int value) throws Throwable {
        JdkUnsafe.PrimitiveFields.PUT_INT.invokeExact(owner.cast(target), offset, value);
    }

    public void setLong(final Object target, final long value) throws Throwable {
        JdkUnsafe.PrimitiveFields.PUT_LONG.invokeExact(owner.cast(target), offset, value);
    }

    public void setFloat(final Object target, final float value) throws Throwable {
        JdkUnsafe.PrimitiveFields.PUT_FLOAT.invokeExact(owner.cast(target), offset, value);
    }

    public void setDouble(final Object target, final double value) throws Throwable {
        JdkUnsafe.PrimitiveFields.PUT_DOUBLE.invokeExact(owner.cast(target), offset, value);
    }

    /** The value must be an instance of the field's type (or null): the JDK checks the same on read. */
    public void setReference(final Object target, final Object value) throws Throwable {
        JdkUnsafe.ObjectFields.PUT_REFERENCE.invokeExact(owner.cast(target), offset, type.cast(value));
    }
}
