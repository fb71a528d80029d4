package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkFilterConfig;
import dev.serialboost.runtime.jdk.JdkUnsafe;

import java.io.ObjectInputFilter;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BinaryOperator;

/**
 * The agent's {@code filter} setting: a {@code jdk.serialFilter} pattern from a file, made a filter by the JDK's own
 * {@code ObjectInputFilter.Config.createFilter} and installed as the JVM-wide filter. From then on the JDK's filter
 * machinery does all the work; this class only builds and installs. Installed by one of two routes, whichever comes
 * first, once ({@link #SETTLED}):
 *
 * <ol>
 *   <li>When the JDK sets its filters up (the end of {@code ObjectInputFilter$Config}'s static initializer, which the
 *       agent's patch makes call {@link #configured}), when the agent started before that: not earlier, so {@code
 *       Config} reads its properties and starts its logging when it would without the agent.</li>
 *   <li>Now ({@link #arm} with {@code patched} false, or {@code Config} initialized already): when something set the
 *       JDK's filters up before the agent could patch them, when the patch was refused, and when the agent is attached
 *       to a running JVM. {@code Config} is initialized first, if it is not yet, then the same install runs, under the
 *       lock {@code Config.setSerialFilter} holds: an application setting its filter at the same moment is ordered
 *       before or after, never lost. Streams created before keep the filter they were created with, as the JDK's
 *       {@code ObjectInputStream} constructor fixes it (JDK 17, 21, 25: {@code serialFilter =
 *       Config.getSerialFilterFactorySingleton().apply(null, Config.getSerialFilter())}).</li>
 * </ol>
 *
 * <p>Either way:
 * <ul>
 *   <li>No JVM-wide filter configured: the pattern's filter is the JVM-wide filter.</li>
 *   <li>A filter from {@code jdk.serialFilter} (or set by {@code Config.setSerialFilter} before a late install): the
 *       JVM-wide filter becomes {@code ObjectInputFilter.merge(user, pattern)}, which rejects what either rejects, as
 *       JEP 415 merges filters: the user's filter is never weakened. An invalid {@code jdk.serialFilter}, which the
 *       JDK refuses, stays refused.</li>
 *   <li>A filter factory from {@code jdk.serialFilterFactory} (or set by {@code Config.setSerialFilterFactory} before
 *       a late install): it is kept, and what it returns for a stream is merged with the pattern's filter the same
 *       way.</li>
 *   <li>A file that cannot be read or parsed fails closed: every deserialization is rejected, the filter throwing an
 *       {@code IllegalStateException} naming the file (the JDK reports it as the cause of its {@code
 *       InvalidClassException}), and stderr says so once.</li>
 *   <li>Report only ({@code filter-mode=report}): the installed filter answers what the user's filter answers (or
 *       {@code UNDECIDED}), and says on stderr, once per class and at most {@link #LINES_PER_MINUTE} lines a minute,
 *       what the pattern would have rejected. It rejects nothing; a file that cannot be parsed is said and nothing is
 *       installed.</li>
 * </ul>
 *
 * <p>The fields of {@code Config} ({@link JdkFilterConfig}) are there on every tested JDK. Were they missing, the
 * pattern's filter is set with the public {@code Config.setSerialFilter} when no JVM-wide filter is set (a factory set
 * by property is then handed it, not merged with it); when one is, nothing can merge with it: in the initializer the
 * install throws, so that {@code Config} fails to initialize and the JDK refuses every stream (fail closed, by the
 * JDK); late, the agent's line says the JVM runs without the filter.
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
    /** Whether one of the two routes has installed (or tried to install) the armed filter. */
    private static final AtomicBoolean SETTLED = new AtomicBoolean();

    private SerialFilters() {
    }

    /**
     * Arms the filter: {@code pattern} read from {@code file}, or {@code problem} saying why the file cannot be used;
     * and installs it now unless {@code patched} (the agent's patch of {@code Config}'s initializer is in place) and
     * {@code Config} is not initialized yet, when the initializer installs it. Called by the agent's installer alone,
     * once.
     *
     * @return null when the initializer will install it; "" when it is installed; else why it could not be: the JVM
     *         runs without it
     */
    static String arm(final String pattern, final String file, final String problem, final boolean reportOnly,
                      final boolean patched) {
        armed = new Armed(pattern, file, problem, reportOnly);
        // armed first, then asked: an initializer that starts from now on sees the armed filter; one that ran
        // before (its call found nothing armed) has left Config initialized, and the filter is installed here
        if (patched && !configInitialized()) {
            return null;
        }
        try {
            Class.forName(ObjectInputFilter.Config.class.getName(), true, null);
        } catch (Throwable t) {
            return "the JDK's ObjectInputFilter.Config cannot be initialized (" + t + "), so the JDK refuses every"
                    + " stream";
        }
        if (!SETTLED.compareAndSet(false, true)) {
            return ""; // the patched initializer installed it meanwhile
        }
        try {
            String failed = install(armed);
            return failed == null ? "" : failed;
        } catch (Throwable t) {
            return "installing it failed: " + t;
        }
    }

    /**
     * Told at the end of {@code ObjectInputFilter$Config}'s static initializer. Throws (so that {@code Config} is
     * not initialized and the JDK refuses every stream) only when the armed filter cannot be installed at all.
     */
    static void configured() {
        Armed a = armed;
        if (a == null || !SETTLED.compareAndSet(false, true)) {
            return;
        }
        String failed;
        try {
            failed = install(a);
        } catch (Throwable t) {
            failed = "installing it failed: " + t;
        }
        if (failed != null) {
            String message = "serialboost: the filter of " + a.file + " cannot be installed (" + failed
                    + "); every deserialization is refused";
            System.err.println("[serialboost] filter: " + message.substring("serialboost: ".length()));
            throw new IllegalStateException(message);
        }
    }

    /** Whether {@code Config} is initialized (true too when that cannot be told: then it is initialized now). */
    private static boolean configInitialized() {
        if (JdkUnsafe.ClassInitialization.PROBLEM != null) {
            return true;
        }
        try {
            return !(boolean) JdkUnsafe.ClassInitialization.SHOULD_BE_INITIALIZED
                    .invokeExact(ObjectInputFilter.Config.class);
        } catch (Throwable t) {
            return true;
        }
    }

    /** Installs {@code a}'s filter; null when done (or when report mode has nothing to install), else why not. */
    private static String install(final Armed a) throws Throwable {
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
                return null;
            }
            System.err.println("[serialboost] filter: the filter file " + a.file + " cannot be used (" + problem
                    + "); every deserialization is rejected until it is fixed");
            ours = new FailClosed("serialboost: the filter file " + a.file + " cannot be used (" + problem
                    + "); every deserialization is rejected");
        } else {
            ours = a.reportOnly ? new ReportOnly(pattern, a.file) : pattern;
        }
        if (JdkFilterConfig.PROBLEM == null) {
            installInFields(ours);
            return null;
        }
        try {
            ObjectInputFilter.Config.setSerialFilter(ours);
            return null;
        } catch (IllegalStateException | SecurityException e) {
            return "the JVM-wide filter cannot be set (" + e + ") and ObjectInputFilter.Config's fields, to merge"
                    + " with it, cannot be reached (" + JdkFilterConfig.PROBLEM + ")";
        }
    }

    /** The JVM-wide filter merged with {@code ours}; a user's filter factory merging what it returns with it. */
    private static void installInFields(final ObjectInputFilter ours) throws Throwable {
        Object lock = (Object) JdkFilterConfig.SERIAL_FILTER_LOCK.invokeExact();
        synchronized (lock) {
            ObjectInputFilter user = (ObjectInputFilter) JdkFilterConfig.SERIAL_FILTER.invokeExact();
            ObjectInputFilter jvmWide = user == null ? ours : ObjectInputFilter.merge(user, ours);
            JdkFilterConfig.SET_SERIAL_FILTER.invokeExact(jvmWide);
        }
        // a factory other than the JDK's own was set by property, or by code before a late install: either way the
        // JDK lets nobody replace it any more (Config.filterFactoryNoReplace), so this write races with none
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
