package dev.serialboost.runtime.jdk;

import java.io.ObjectInputFilter;
import java.lang.invoke.MethodHandle;
import java.util.function.BinaryOperator;

/**
 * The members of {@code java.io.ObjectInputFilter$Config} the runtime uses (see {@link JdkLookup}): the JVM-wide
 * filter and filter factory, as its static initializer set them from {@code jdk.serialFilter} and {@code
 * jdk.serialFilterFactory}, and the lock {@code setSerialFilter} sets the filter under (all three on JDK 17, 21,
 * 25). Read and written directly, not through {@code getSerialFilter} and {@code getSerialFilterFactory}: the latter
 * marks the factory used, after which an application can no longer set its own.
 */
public final class JdkFilterConfig {

    /** Why a member of this group is missing, or null. */
    public static final Throwable PROBLEM;
    /** {@code () ObjectInputFilter}: reads {@code serialFilter}. */
    public static final MethodHandle SERIAL_FILTER;
    /** {@code (ObjectInputFilter) void}: writes {@code serialFilter}. */
    public static final MethodHandle SET_SERIAL_FILTER;
    /** {@code () Object}: reads {@code serialFilterLock}, held by {@code setSerialFilter} while it sets the filter. */
    public static final MethodHandle SERIAL_FILTER_LOCK;
    /** {@code () BinaryOperator}: reads {@code serialFilterFactory}. */
    public static final MethodHandle SERIAL_FILTER_FACTORY;
    /** {@code (BinaryOperator) void}: writes {@code serialFilterFactory}. */
    public static final MethodHandle SET_SERIAL_FILTER_FACTORY;

    static {
        JdkLookup in = JdkLookup.of(ObjectInputFilter.Config.class);
        SERIAL_FILTER = in.staticGetter("serialFilter", ObjectInputFilter.class);
        SET_SERIAL_FILTER = in.staticSetter("serialFilter", ObjectInputFilter.class);
        SERIAL_FILTER_LOCK = in.staticGetter("serialFilterLock", Object.class);
        SERIAL_FILTER_FACTORY = in.staticGetter("serialFilterFactory", BinaryOperator.class);
        SET_SERIAL_FILTER_FACTORY = in.staticSetter("serialFilterFactory", BinaryOperator.class);
        PROBLEM = in.problem();
    }

    private JdkFilterConfig() {
    }
}
