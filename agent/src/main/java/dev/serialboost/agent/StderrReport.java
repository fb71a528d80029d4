package dev.serialboost.agent;

import dev.serialboost.agent.config.ConfigFile;
import dev.serialboost.agent.config.ConvertMode;
import dev.serialboost.transformer.converted.Decision;
import dev.serialboost.transformer.converted.SkipReason;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Everything the agent tells the user, all on stderr and prefixed {@code [serialboost]}: the start-up
 * line, per-class decisions when verbose, problems once each (always), and the exit summary when asked.
 * The summary line is also what end-to-end tests read to assert that nothing failed.
 */
public final class StderrReport {

    public static final String PREFIX = "[serialboost] ";
    /** The longest line printed unless {@code verbose=true}: a problem told in full can run to thousands of chars. */
    static final int MAX_LINE = 300;
    private static final String CUT = " ... (verbose=true prints the whole line)";
    /** Reasons that mean "not a serializable class of the application": never listed, only counted. */
    private static final Set<SkipReason> UNINTERESTING = Set.of(SkipReason.NOT_SERIALIZABLE, SkipReason.NOT_A_CLASS,
            SkipReason.JDK_CLASS, SkipReason.AGENT_CLASS, SkipReason.GENERATED_CLASS, SkipReason.ENUM,
            SkipReason.RECORD);

    private final PrintStream err;
    private final boolean verbose;
    /** The command that lists the skipped classes and why, for the summary: {@code java -jar ... scan ...}. */
    private final String scanCommand;
    // AtomicLong rather than LongAdder: class loads are few enough, and LongAdder's first use costs start-up time
    private final AtomicLong converted = new AtomicLong();
    private final Map<SkipReason, AtomicLong> skipped = new EnumMap<>(SkipReason.class);
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong transformNanos = new AtomicLong();
    private final Set<String> told = ConcurrentHashMap.newKeySet();

    public StderrReport(final PrintStream err, final boolean verbose) {
        this(err, verbose, scanCommand(null, ConvertMode.RULES));
    }

    /** @param scanCommand the command the summary names for the list of skipped classes, see {@link #scanCommand} */
    StderrReport(final PrintStream err, final boolean verbose, final String scanCommand) {
        this.err = err;
        this.verbose = verbose;
        this.scanCommand = scanCommand;
        for (SkipReason reason : SkipReason.values()) {
            skipped.put(reason, new AtomicLong());
        }
    }

    /** Prints a line, cut to {@link #MAX_LINE} characters unless verbose. */
    void line(final String text) {
        String full = PREFIX + text;
        err.println(verbose || full.length() <= MAX_LINE ? full : full.substring(0, MAX_LINE - CUT.length()) + CUT);
    }

    /**
     * The {@code scan} command that lists what an agent with these settings would decide for the classes of a class
     * path: {@code java -jar serialboost-agent.jar scan [--config FILE] [--convert all] <class path>}.
     *
     * @param rules the rules file, or {@code null} for none
     */
    static String scanCommand(final ConfigFile rules, final ConvertMode convert) {
        return "java -jar serialboost-agent.jar scan" + (rules == null ? "" : " --config " + rules.path())
                + (convert == ConvertMode.ALL ? " --convert all" : "") + " <class path>";
    }

    /** Prints a line whole (no longer than {@link #MAX_LINE} by construction): the summary. */
    void wholeLine(final String text) {
        err.println(PREFIX + text);
    }

    public void decided(final Decision decision, final long nanos) {
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
    public void failed(final String className, final Throwable t) {
        errors.incrementAndGet();
        if (told.add(className)) {
            line("error: " + className.replace('/', '.') + " left unchanged: " + t);
        }
    }

    /** {@code CUSTOM_SERIALIZATION} as {@code custom-serialization}: how reasons appear in summaries. */
    public static String kebab(final SkipReason reason) {
        return reason.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    public long errors() {
        return errors.get();
    }

    /**
     * {@code summary: converted=N skipped=N errors=N transform-ms=N (reason=N, ...); which and why: COMMAND}: the
     * reasons as kebab-case, in their declared order; when some classes were skipped, the {@code scan} command that
     * lists them with their reasons. At most {@link #MAX_LINE} characters: when the reasons do not all fit, the
     * largest are named and the rest counted as {@code other=N}; a command too long to fit is left out.
     */
    String summary() {
        Map<SkipReason, Long> reasons = new EnumMap<>(SkipReason.class);
        long skippedTotal = 0;
        for (Map.Entry<SkipReason, AtomicLong> e : skipped.entrySet()) {
            long n = e.getValue().get();
            if (n > 0 && !UNINTERESTING.contains(e.getKey())) {
                reasons.put(e.getKey(), n);
                skippedTotal += n;
            }
        }
        String head = "summary: converted=" + converted.get() + " skipped=" + skippedTotal + " errors=" + errors.get()
                + " transform-ms=" + transformNanos.get() / 1_000_000;
        String tail = skippedTotal == 0 ? "" : "; which and why: " + scanCommand;
        int room = MAX_LINE - PREFIX.length() - head.length();
        if (tail.length() > room - 40) {
            tail = "";
        }
        return head + counts(reasons, room - tail.length()) + tail;
    }

    /** {@code " (reason=N, ...)"} in at most {@code room} characters, the smallest counts folded into {@code other=N}. */
    private static String counts(final Map<SkipReason, Long> reasons, final int room) {
        if (reasons.isEmpty()) {
            return "";
        }
        List<SkipReason> shown = new ArrayList<>(reasons.keySet());
        long other = 0;
        while (true) {
            StringBuilder text = new StringBuilder();
            for (SkipReason reason : reasons.keySet()) {
                if (shown.contains(reason)) {
                    text.append(text.length() == 0 ? " (" : ", ").append(kebab(reason)).append('=')
                            .append(reasons.get(reason));
                }
            }
            if (other > 0) {
                text.append(text.length() == 0 ? " (" : ", ").append("other=").append(other);
            }
            text.append(')');
            if (text.length() <= room || shown.isEmpty()) {
                return text.toString();
            }
            SkipReason smallest = shown.get(0);
            for (SkipReason reason : shown) {
                if (reasons.get(reason) <= reasons.get(smallest)) {
                    smallest = reason;
                }
            }
            shown.remove(smallest);
            other += reasons.get(smallest);
        }
    }
}
