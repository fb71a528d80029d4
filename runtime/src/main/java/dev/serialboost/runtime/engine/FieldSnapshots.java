package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkFieldReflector;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkObjectOutputStream;
import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import dev.serialboost.runtime.jdk.JdkUnsafe;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;

/**
 * What {@code ObjectOutputStream.defaultWriteFields} asks once the engine has patched it ({@code
 * dev.serialboost.transformer.engine.FieldSnapshotsPatch}), after an object's primitive fields are written: how to
 * write its reference fields without the {@code Object[]} the JDK allocates for each object to hold their values. The
 * JDK takes every value before it writes the first (a field changed while an earlier one is written, by its {@code
 * writeReplace} or {@code writeObject}, is written as it was); the patched method does the same with up to {@link
 * #MOST} values held in its own local variables, slots the JDK's code only uses later, so its frame is no larger and
 * a nesting level of the graph takes no more stack.
 */
final class FieldSnapshots {

    /** The most reference fields a level may have for the patched method's own code. */
    static final int MOST = 5;
    /** Bits of a plan: the number of reference fields, then one bit per field (unshared), then the first's index. */
    private static final int COUNT_BITS = 3;
    private static final int FIRST_SHIFT = COUNT_BITS + MOST;

    /** Why the members needed are missing (then every plan is the JDK's code), or null. */
    private static final Throwable PROBLEM = JdkLookup.firstProblem(JdkObjectStreamClass.PROBLEM,
            JdkFieldReflector.PROBLEM, JdkUnsafe.ObjectFields.PROBLEM, JdkObjectOutputStream.SerialData.PROBLEM);

    private FieldSnapshots() {
    }

    /**
     * How the patched method writes the reference fields of {@code obj} described by {@code desc}: -1 for the JDK's
     * own code (no reference field, more than {@link #MOST}, a null object, which the JDK's code fails as it does,
     * {@code sun.io.serialization.extendedDebugInfo} on, or a member out of reach); else the number of fields (bits 0
     * to 2), bit {@code 3 + i} set when field {@code i} is unshared, and the index of the first among the
     * descriptor's fields from bit 8.
     */
    static int plan(final ObjectStreamClass desc, final Object obj) {
        if (obj == null || PROBLEM != null || JdkObjectOutputStream.SerialData.EXTENDED_DEBUG_INFO) {
            return -1;
        }
        try {
            ObjectStreamField[] fields = (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(desc);
            Object reflector = (Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(desc);
            if (fields == null || reflector == null) {
                return -1;
            }
            int first = (int) JdkFieldReflector.NUM_PRIM_FIELDS.invokeExact(reflector);
            int count = fields.length - first;
            if (count <= 0 || count > MOST) {
                return -1;
            }
            int plan = count | first << FIRST_SHIFT;
            for (int i = 0; i < count; i++) {
                if (fields[first + i].isUnshared()) {
                    plan |= 1 << (COUNT_BITS + i);
                }
            }
            return plan;
        } catch (Throwable t) {
            return -1;
        }
    }

    /**
     * The value of reference field {@code i} of {@code obj} under {@code plan}, loaded as the descriptor's field
     * reflector loads it for {@code getObjFieldValues}; null when the plan has no such field.
     */
    static Object value(final ObjectStreamClass desc, final Object obj, final int plan, final int i) {
        if (i >= (plan & ((1 << COUNT_BITS) - 1))) {
            return null;
        }
        try {
            Object reflector = (Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(desc);
            long[] keys = (long[]) JdkFieldReflector.READ_KEYS.invokeExact(reflector);
            return (Object) JdkUnsafe.ObjectFields.GET_REFERENCE.invokeExact(obj, keys[(plan >>> FIRST_SHIFT) + i]);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new InternalError(t); // field loads throw nothing checked
        }
    }
}
