package dev.serialboost.runtime.jdk;

import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/** The member of {@code java.io.ObjectInputStream$FieldValues} the runtime uses (see {@link JdkLookup}). */
public final class JdkFieldValues {

    /** Why the member is missing, or null. */
    public static final Throwable PROBLEM;
    /**
     * {@code (ObjectInputStream, ObjectStreamClass, boolean) Object}: {@code new FieldValues(desc, recordDependencies)}
     * of a stream, which reads a class level's field values.
     */
    public static final MethodHandle NEW;

    static {
        JdkLookup in = JdkLookup.of("java.io.ObjectInputStream$FieldValues");
        NEW = in.constructor(MethodType.methodType(void.class, ObjectInputStream.class, ObjectStreamClass.class,
                boolean.class));
        PROBLEM = in.problem();
    }

    private JdkFieldValues() {
    }
}
