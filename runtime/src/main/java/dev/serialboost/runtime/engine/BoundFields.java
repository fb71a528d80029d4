package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import java.io.ObjectStreamClass;

/**
 * The fields {@code ObjectStreamClass.initNonProxy} sets, copied from one descriptor to another: what binds a stream
 * descriptor to its local class. The copy is one constant method handle ({@link JdkObjectStreamClass.Binding}), so it
 * compiles to plain loads and stores; the superclass descriptor is the one field {@code initNonProxy} takes as given
 * and is set apart.
 */
final class BoundFields {

    private BoundFields() {
    }

    /** Null when bindings can be copied on this JVM, else why not. */
    static String availability() {
        Throwable problem = JdkObjectStreamClass.Binding.PROBLEM;
        return problem == null ? null : "cannot copy the fields initNonProxy sets: " + problem;
    }

    /** A private copy of {@code bound}'s binding, with no superclass descriptor. */
    static ObjectStreamClass template(final ObjectStreamClass bound) throws Throwable {
        ObjectStreamClass copy = (ObjectStreamClass) JdkObjectStreamClass.NEW.invokeExact();
        copy(bound, copy, null);
        return copy;
    }

    /** Gives {@code to} the binding of {@code from}, with {@code superDesc} as its superclass descriptor. */
    static void copy(final ObjectStreamClass from, final ObjectStreamClass to, final ObjectStreamClass superDesc)
            throws Throwable {
        JdkObjectStreamClass.Binding.COPY.invokeExact(to, from);
        JdkObjectStreamClass.SET_SUPER_DESC.invokeExact(to, superDesc);
    }
}
