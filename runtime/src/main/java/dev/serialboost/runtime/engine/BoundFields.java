package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.Privileged;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;

/**
 * The fields {@code ObjectStreamClass.initNonProxy} sets, copied from one descriptor to another: what binds a stream
 * descriptor to its local class. The list is that of the JDKs whose {@code initNonProxy} the agent knows by
 * fingerprint (17, 21, 25; 17 also sets {@code domains}); the agent copies bindings only on those. The copy is
 * one constant method handle, composed of one getter-setter pair per field, so it compiles to plain loads and
 * stores.
 */
final class BoundFields {

    /** {@code (to, from) -> void}: every field but {@code superDesc} copied. */
    private static final MethodHandle COPY;
    private static final MethodHandle SET_SUPER_DESC;
    private static final Throwable PROBLEM;

    /** Name and type of each field {@code initNonProxy} sets except {@code superDesc}; a null type: optional. */
    private static final Object[][] FIELDS = {
        {"cl", Class.class}, {"resolveEx", ClassNotFoundException.class}, {"name", String.class},
        {"suid", Long.class}, {"isProxy", boolean.class}, {"isEnum", boolean.class}, {"serializable", boolean.class},
        {"externalizable", boolean.class}, {"hasBlockExternalData", boolean.class},
        {"hasWriteObjectData", boolean.class}, {"fields", ObjectStreamField[].class}, {"primDataSize", int.class},
        {"numObjFields", int.class}, {"localDesc", ObjectStreamClass.class}, {"isRecord", boolean.class},
        {"canonicalCtr", MethodHandle.class}, {"deserializationCtrs", null}, {"writeObjectMethod", Method.class},
        {"readObjectMethod", Method.class}, {"readObjectNoDataMethod", Method.class},
        {"writeReplaceMethod", Method.class}, {"readResolveMethod", Method.class}, {"deserializeEx", null},
        {"domains", null}, {"cons", Constructor.class}, {"fieldRefl", null}, {"initialized", boolean.class},
    };

    static {
        MethodHandle[] h = new MethodHandle[2];
        Throwable problem = Privileged.call(() -> lookUp(h));
        COPY = h[0];
        SET_SUPER_DESC = h[1];
        PROBLEM = problem;
    }

    /**
     * Finds the copy of all bound fields ({@code h[0]}) and the superclass descriptor's setter ({@code h[1]}); what
     * failed, or null.
     */
    private static Throwable lookUp(final MethodHandle[] h) {
        try {
            java.util.List<MethodHandle> copies = new java.util.ArrayList<>();
            MethodHandles.Lookup osc = MethodHandles.privateLookupIn(ObjectStreamClass.class, MethodHandles.lookup());
            h[1] = osc.findSetter(ObjectStreamClass.class, "superDesc", ObjectStreamClass.class);
            for (int i = 0; i < FIELDS.length; i++) {
                String name = (String) FIELDS[i][0];
                java.lang.reflect.Field field;
                try {
                    field = ObjectStreamClass.class.getDeclaredField(name);
                } catch (NoSuchFieldException e) {
                    if (name.equals("domains")) {
                        continue; // JDK 24 and later: no Security Manager, no protection domains
                    }
                    throw e;
                }
                Class<?> type = FIELDS[i][1] != null ? (Class<?>) FIELDS[i][1] : field.getType();
                if (type != field.getType()) {
                    throw new NoSuchFieldException(name + " is " + field.getType() + ", not " + type);
                }
                // (to, from) -> to.field = from.field, in the field's own type: nothing boxed
                copies.add(MethodHandles.filterArguments(osc.unreflectSetter(field), 1, osc.unreflectGetter(field)));
            }
            h[0] = sequence(copies, 0, copies.size());
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return e;
        }
        return null;
    }

    private BoundFields() {
    }

    /** Null when bindings can be copied on this JVM, else why not. */
    static String availability() {
        return PROBLEM == null ? null : "cannot copy the fields initNonProxy sets: " + PROBLEM;
    }

    /** A private copy of {@code bound}'s binding, with no superclass descriptor. */
    static ObjectStreamClass template(final ObjectStreamClass bound) throws Throwable {
        ObjectStreamClass copy = Engine.newDescriptor();
        copy(bound, copy, null);
        return copy;
    }

    /** Gives {@code to} the binding of {@code from}, with {@code superDesc} as its superclass descriptor. */
    static void copy(final ObjectStreamClass from, final ObjectStreamClass to, final ObjectStreamClass superDesc)
            throws Throwable {
        COPY.invokeExact(to, from);
        SET_SUPER_DESC.invokeExact(to, superDesc);
    }

    /** The handles {@code from..to} run one after the other, as a balanced tree (shallow for the JIT's inlining). */
    private static MethodHandle sequence(final java.util.List<MethodHandle> handles, final int from, final int to) {
        if (to - from == 1) {
            return handles.get(from);
        }
        int middle = (from + to) >>> 1;
        return MethodHandles.foldArguments(sequence(handles, middle, to), sequence(handles, from, middle));
    }
}
