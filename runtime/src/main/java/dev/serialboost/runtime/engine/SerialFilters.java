package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkFilterConfig;

import java.io.ObjectInputFilter;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BinaryOperator;

/**
 * The agent's {@code filter} setting: a {@code jdk.serialFilter} pattern from a file, made a filter by the JDK's own
 * {@code ObjectInputFilter.Config.createFilter} and installed as the JVM-wide filter at the moment the JDK sets its
 * filters up (the end of {@code ObjectInputFilter$Config}'s static initializer, which the agent's patch makes call
 * {@link #configured}): not earlier, so {@code Config} reads its properties and starts its logging when it would
 * without the agent. From then on the JDK's filter machinery does all the work; this class only builds and installs.
 *
 * <ul>
 *   <li>No JVM-wide filter configured: the pattern's filter is the JVM-wide filter.</li>
 *   <li>A filter from {@code jdk.serialFilter}: the JVM-wide filter becomes {@code ObjectInputFilter.merge(user,
 *       pattern)}, which rejects what either rejects, as JEP 415 merges filters: the user's filter is never
 *       weakened. An invalid {@code jdk.serialFilter}, which the JDK refuses, stays refused.</li>
 *   <li>A filter factory from {@code jdk.serialFilterFactory}: it is kept, and what it returns for a stream is
 *       merged with the pattern's filter the same way.</li>
 *   <li>A file that cannot be read or parsed fails closed: every deserialization is rejected, the filter throwing an
 *       {@code IllegalStateException} naming the file (the JDK reports it as the cause of its {@code
 *       InvalidClassException}), and stderr says so once.</li>
 *   <li>Report only ({@code filter-mode=report}): the installed filter answers what the user's filter answers (or
 *       {@code UNDECIDED}), and says on stderr, once per class and at most {@link #LINES_PER_MINUTE} lines a minute,
 *       what the pattern would have rejected. It rejects nothing; a file that cannot be parsed is said and nothing is
 *       installed.</li>
 * </ul>
 *
 * <p>Armed by the agent alone ({@link #arm}, package-private, reached through {@code java.io} opened to the agent's
 * installer); nothing else can change what is installed.
 */
final class SerialFilters {

    static final int LINES_PER_MINUTE = 10;
    private static final int MAX_TOLD = 10_000;

    /** What the agent armed; null when the {@code filter} setting is not used. */
    private static final class Armed {
        final String pattern;
        final String file;
        final String problem;
        final boolean reportOnly;

        Armed(final String pattern, final String file, final String problem, final boolean reportOnly) {
            this.pattern = pattern;
            this.file = file;
            this.problem = problem;
            this.reportOnly = reportOnly;
        }
    }

    private static volatile Armed armed;

    private SerialFilters() {
    }

    /**
     * Arms the filter: {@code pattern} read from {@code file}, or {@code problem} saying why the file cannot be
     * used. Called by the agent's installer alone, before the JDK sets its filters up.
     */
    static void arm(final String pattern, final String file, final String problem, final boolean reportOnly) {
        if (JdkFilterConfig.PROBLEM != null) {
            throw new IllegalStateException("cannot reach the JDK's filter configuration", JdkFilterConfig.PROBLEM);
        }
        armed = new Armed(pattern, file, problem, reportOnly);
    }

    /** Told at the end of {@code ObjectInputFilter$Config}'s static initializer. Never throws. */
    static void configured() {
        Armed a = armed;
        if (a == null) {
            return;
        }
        try {
            install(a);
        } catch (Throwable t) {
            System.err.println("[serialboost] filter: could not install the filter of " + a.file + " (" + t
                    + "); deserialization is filtered as without serialboost");
        }
    }

    private static void install(final Armed a) throws Throwable {
        ObjectInputFilter pattern = null;
        String problem = a.problem;
        if (problem == null) {
            try {
                pattern = ObjectInputFilter.Config.createFilter(a.pattern);
                if (pattern == null) {
                    problem = "it holds no pattern";
                }
            } catch (IllegalArgumentException e) {
                problem = "its pattern is invalid: " + e.getMessage();
            }
        }
        ObjectInputFilter ours;
        if (problem != null) {
            if (a.reportOnly) {
                System.err.println("[serialboost] filter-mode=report: the filter file " + a.file + " cannot be used ("
                        + problem + "); nothing is reported");
                return;
            }
            System.err.println("[serialboost] filter: the filter file " + a.file + " cannot be used (" + problem
                    + "); every deserialization is rejected until it is fixed");
            ours = new FailClosed("serialboost: the filter file " + a.file + " cannot be used (" + problem
                    + "); every deserialization is rejected");
        } else {
            ours = a.reportOnly ? new ReportOnly(pattern, a.file) : pattern;
        }
        ObjectInputFilter user = (ObjectInputFilter) JdkFilterConfig.SERIAL_FILTER.invokeExact();
        ObjectInputFilter jvmWide = user == null ? ours : ObjectInputFilter.merge(user, ours);
        JdkFilterConfig.SET_SERIAL_FILTER.invokeExact(jvmWide);
        @SuppressWarnings("unchecked")
        BinaryOperator<ObjectInputFilter> factory =
                (BinaryOperator<ObjectInputFilter>) JdkFilterConfig.SERIAL_FILTER_FACTORY.invokeExact();
        if (factory != null && !factory.getClass().getName().startsWith("java.io.ObjectInputFilter$Config$")) {
            BinaryOperator<?> merging = new MergingFactory(factory, ours);
            JdkFilterConfig.SET_SERIAL_FILTER_FACTORY.invokeExact(merging);
        }
    }

    /** A user's filter factory, whose filter for each stream is merged with the pattern's. */
    private static final class MergingFactory implements BinaryOperator<ObjectInputFilter> {
        private final BinaryOperator<ObjectInputFilter> user;
        private final ObjectInputFilter ours;

        MergingFactory(final BinaryOperator<ObjectInputFilter> user, final ObjectInputFilter ours) {
            this.user = user;
            this.ours = ours;
        }

        @Override
        public ObjectInputFilter apply(final ObjectInputFilter current, final ObjectInputFilter next) {
            ObjectInputFilter theirs = user.apply(current, next);
            return theirs == null ? ours : ObjectInputFilter.merge(theirs, ours);
        }

        @Override
        public String toString() {
            return "serialboost: " + user + " merged with the filter file's pattern";
        }
    }

    /** The filter of a file that cannot be used: every check throws, which the JDK turns into a rejection. */
    private static final class FailClosed implements ObjectInputFilter {
        private final String message;

        FailClosed(final String message) {
            this.message = message;
        }

        @Override
        public Status checkInput(final FilterInfo info) {
            throw new IllegalStateException(message);
        }
    }

    /**
     * Rejects nothing: asks the pattern, and when it would reject, says so on stderr once per class (or per kind
     * of limit for a check without a class), at most {@link #LINES_PER_MINUTE} lines a minute.
     */
    private static final class ReportOnly implements ObjectInputFilter {
        private final ObjectInputFilter pattern;
        private final String file;
        private final Set<String> told = ConcurrentHashMap.newKeySet();
        private long minute;
        private int lines;
        private int held;

        ReportOnly(final ObjectInputFilter pattern, final String file) {
            this.pattern = pattern;
            this.file = file;
        }

        @Override
        public Status checkInput(final FilterInfo info) {
            if (pattern.checkInput(info) == Status.REJECTED) {
                Class<?> c = info.serialClass();
                String key = c != null ? c.getName() : "limits";
                if (told.size() < MAX_TOLD && told.add(key)) {
                    tell(key, info);
                }
            }
            return Status.UNDECIDED;
        }

        private void tell(final String key, final FilterInfo info) {
            long now = System.nanoTime() / 60_000_000_000L;
            String line;
            synchronized (this) {
                if (now != minute) {
                    minute = now;
                    lines = 0;
                }
                if (lines >= LINES_PER_MINUTE) {
                    held++;
                    return;
                }
                lines++;
                line = "[serialboost] filter-mode=report: " + file + " would reject "
                        + (key.equals("limits") ? "a stream past its limits" : key) + " (array length "
                        + info.arrayLength() + ", depth " + info.depth() + ", references " + info.references()
                        + ", bytes " + info.streamBytes() + ")"
                        + (held > 0 ? "; " + held + " more not told in the minute before" : "");
                held = 0;
            }
            System.err.println(line);
        }

        @Override
        public String toString() {
            return "serialboost report-only " + pattern;
        }
    }
}
