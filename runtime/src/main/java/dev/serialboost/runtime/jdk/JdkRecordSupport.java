package dev.serialboost.runtime.jdk;

import java.io.ObjectStreamClass;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/** The member of {@code java.io.ObjectStreamClass$RecordSupport} the runtime uses (see {@link JdkLookup}). */
public final class JdkRecordSupport {

    /** Why the member is missing, or null. */
    public static final Throwable PROBLEM;
    /**
     * {@code (ObjectStreamClass) MethodHandle}: the static {@code deserializationCtr(desc)}, the record's canonical
     * constructor taking the stream's field data, {@code (byte[], Object[]) Object}.
     */
    public static final MethodHandle DESERIALIZATION_CTR;

    static {
        JdkLookup in = JdkLookup.of("java.io.ObjectStreamClass$RecordSupport");
        DESERIALIZATION_CTR = in.staticMethod("deserializationCtr", MethodType.methodType(MethodHandle.class,
                ObjectStreamClass.class));
        PROBLEM = in.problem();
    }

    private JdkRecordSupport() {
    }
}
