package dev.serialboost.it.engine;

import java.io.ObjectInputFilter;
import java.util.function.BinaryOperator;

/**
 * The JVM-wide filter, logged. {@link #PATTERN} is the pattern both ways of setting it use:
 * {@code -Djdk.serialFilter=PATTERN} with {@code -Djdk.serialFilterFactory=}{@link Factory} (the factory wraps the
 * JDK's filter in a recording one), or {@link #install()} ({@code ObjectInputFilter.Config.setSerialFilter} of a
 * recording filter around {@code Config.createFilter(PATTERN)}). Calls are recorded into {@link FilterLog#global}.
 */
public final class GlobalFilters {

    /** Rejects {@code BigDecimal}, arrays over 2500 elements, graphs deeper than 30, more than 4000 references. */
    public static final String PATTERN = "maxarray=2500;maxdepth=30;maxrefs=4000;!java.math.BigDecimal";

    private GlobalFilters() {
    }

    /** Sets the JVM-wide filter through the API; the JVM must have none yet. */
    public static void install() {
        ObjectInputFilter.Config.setSerialFilter(new Recording(ObjectInputFilter.Config.createFilter(PATTERN)));
    }

    /** For {@code -Djdk.serialFilterFactory}: wraps the filter a stream would get in a recording one. */
    public static final class Factory implements BinaryOperator<ObjectInputFilter> {
        @Override
        public ObjectInputFilter apply(final ObjectInputFilter current, final ObjectInputFilter requested) {
            return requested == null ? null : new Recording(requested);
        }

        @Override
        public String toString() {
            return "recording factory";
        }
    }

    /** Records each call into {@link FilterLog#global}, answers what {@code filter} answers. */
    private static final class Recording implements ObjectInputFilter {
        private final ObjectInputFilter filter;

        Recording(final ObjectInputFilter filter) {
            this.filter = filter;
        }

        @Override
        public Status checkInput(final FilterInfo info) {
            Status status = filter.checkInput(info);
            FilterLog log = FilterLog.global;
            if (log != null) {
                log.record(info, status);
            }
            return status;
        }

        @Override
        public String toString() {
            return "recording(" + filter + ")";
        }
    }
}
