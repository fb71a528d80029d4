package dev.serialboost.agent;

import dev.serialboost.transformer.Decision;
import dev.serialboost.transformer.SkipReason;

import java.io.PrintStream;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Everything the agent tells the user, all on stderr and prefixed {@code [serialboost]}: the start-up
 * line, per-class decisions when verbose, problems once each (always), and the exit summary when asked.
 * The summary line is also what end-to-end tests read to assert that nothing failed.
 */
final class Report {

    static final String PREFIX = "[serialboost] ";
    /** The longest line printed unless {@code verbose=true}: a problem told in full can run to thousands of chars. */
    static final int MAX_LINE = 300;
    private static final String CUT = " ... (verbose=true prints the whole line)";
    /** Reasons that mean "not a serializable class of the application": never listed, only counted. */
    private static final Set<SkipReason> UNINTERESTING = Set.of(SkipReason.NOT_SERIALIZABLE, SkipReason.NOT_A_CLASS,
            SkipReason.JDK_CLASS, SkipReason.AGENT_CLASS, SkipReason.GENERATED_CLASS, SkipReason.ENUM,
            SkipReason.RECORD);

    private final PrintStream err;
    private final boolean verbose;
    // AtomicLong rather than LongAdder: class loads are few enough, and LongAdder's first use costs start-up time
    private final AtomicLong converted = new AtomicLong();
    private final Map<SkipReason, AtomicLong> skipped = new EnumMap<>(SkipReason.class);
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong transformNanos = new AtomicLong();
    private final Set<String> told = ConcurrentHashMap.newKeySet();

    Report(final PrintStream err, final boolean verbose) {
        this.err = err;
        this.verbose = verbose;
        for (SkipReason reason : SkipReason.values()) {
            skipped.put(reason, new AtomicLong());
        }
    }

    /** Prints a line, cut to {@link #MAX_LINE} characters unless verbose. */
    void line(final String text) {
        String full = PREFIX + text;
        err.println(verbose || full.length() <= MAX_LINE ? full : full.substring(0, MAX_LINE - CUT.length()) + CUT);
    }

    /** Prints a line whole: the summary, which the user asked for and tools read. */
    void wholeLine(final String text) {
        err.println(PREFIX + text);
    }

    void decided(final Decision decision, final long nanos) {
        transformNanos.addAndGet(nanos);
        if (decision.isConverted()) {
            converted.incrementAndGet();
        } else {
            skipped.get(decision.reason()).incrementAndGet();
            if (decision.reason() == SkipReason.INTERNAL_ERROR) {
                errors.incrementAndGet();
            }
        }
        if (decision.reason() == SkipReason.INTERNAL_ERROR && told.add(decision.className())) {
            line("error: " + decision);
        } else if (verbose && (decision.isConverted() || !UNINTERESTING.contains(decision.reason()))) {
            line(decision.toString());
        }
    }

    /** A failure outside the transformer's own error handling; the class loads unchanged. */
    void failed(final String className, final Throwable t) {
        errors.incrementAndGet();
        if (told.add(className)) {
            line("error: " + className.replace('/', '.') + " left unchanged: " + t);
        }
    }

    /** {@code CUSTOM_SERIALIZATION} as {@code custom-serialization}: how reasons appear in summaries. */
    static String kebab(final SkipReason reason) {
        return reason.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    long errors() {
        return errors.get();
    }

    /** {@code summary: converted=N skipped=N errors=N transform-ms=N (reason=N, ...)}, reasons as kebab-case. */
    String summary() {
        StringBuilder reasons = new StringBuilder();
        long skippedTotal = 0;
        for (Map.Entry<SkipReason, AtomicLong> e : skipped.entrySet()) {
            long n = e.getValue().get();
            if (n > 0 && !UNINTERESTING.contains(e.getKey())) {
                reasons.append(reasons.length() == 0 ? " (" : ", ").append(kebab(e.getKey())).append('=').append(n);
                skippedTotal += n;
            }
        }
        if (reasons.length() > 0) {
            reasons.append(')');
        }
        return "summary: converted=" + converted.get() + " skipped=" + skippedTotal + " errors=" + errors.get()
                + " transform-ms=" + transformNanos.get() / 1_000_000 + reasons;
    }
}
