package dev.serialboost.bench.run;

import dev.serialboost.bench.AgentMode;
import dev.serialboost.bench.BenchJdk;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the agent printed in a mode's JVMs, checked against what the mode promises: nothing without the agent; one
 * start-up line per JVM with the engine on or off as the mode says, converting nothing in the default mode; in the
 * converting modes also one {@code summary=true} line per JVM with {@code errors=0} and classes converted. The
 * agent's lines are read by the patterns here, which the cost measurements and the tests share.
 */
public final class AgentOutputCheck {

    /** The agent's summary line ({@code summary=true}): converted, skipped, errors, transform time. */
    public static final Pattern SUMMARY = Pattern.compile(
            "\\[serialboost] summary: converted=(\\d+) skipped=(\\d+) errors=(\\d+) transform-ms=(\\d+)");
    /**
     * The summary's counts as JMH relays them from its forks: a fork's stderr reaches the log interleaved with the
     * host's own lines, and the end of the summary line can land after the host's text (seen: {@code Iteration   3:
     * [serialboost] summary: converted=5 skipped=41 errors=0 transform-37047.381 ns/op}).
     */
    static final Pattern RELAYED_SUMMARY = Pattern.compile(
            "\\[serialboost] summary: converted=(\\d+) skipped=(\\d+) errors=(\\d+)");
    /** The agent's start-up line: how long its premain took, whether the engine is on, what it converts. */
    public static final Pattern STARTUP_LINE = Pattern.compile("\\[serialboost] serialboost \\S+ active in (\\d+) ms"
            + " \\(engine: (on|off); config: ([^;]*); converting: ([^)]*)\\)(.*)");

    private final Path results;
    private final RunRecord record;

    /** Failures point at the logs in {@code results}; converting JVMs are counted in {@code record}. */
    AgentOutputCheck(final Path results, final RunRecord record) {
        this.results = results;
        this.record = record;
    }

    /**
     * Checks what the agent printed in {@code jvms} JVMs of {@code mode} ({@code what}: "self-check" or "benchmark
     * forks"); throws {@link IllegalStateException} at the first broken promise.
     */
    void check(final BenchJdk jdk, final AgentMode mode, final String output, final int jvms, final String what) {
        String where = "the " + what + " of mode " + mode.id() + " on " + jdk.label();
        if (!mode.agent()) {
            if (output.contains("[serialboost]")) {
                throw new IllegalStateException(where + " printed agent lines, without the agent");
            }
            return;
        }
        if (output.contains("[serialboost] error:") || output.contains("[serialboost] configuration error")
                || output.contains("[serialboost] could not start")) {
            throw new IllegalStateException("the agent reported a problem in " + where);
        }
        Matcher start = STARTUP_LINE.matcher(output);
        int starts = 0;
        while (start.find()) {
            starts++;
            boolean engineOn = start.group(2).equals("on");
            boolean convertsNothing = start.group(4).equals("none");
            // the record and stats modes' lines say where the recording goes, or that statistics are on: nothing else
            boolean expectedTail = start.group(5).isBlank() || mode == AgentMode.RECORD
                    && start.group(5).matches("; recording classes to \\S+")
                    || mode == AgentMode.STATS && start.group(5).startsWith("; statistics: on (MBean ");
            if (engineOn != mode.engine() || convertsNothing == mode.converts() || !expectedTail) {
                throw new IllegalStateException("in " + where + " the agent started as '" + start.group()
                        + "', but the mode wants the engine " + (mode.engine() ? "on" : "off") + " and "
                        + (mode.converts() ? "every eligible class converted" : "nothing converted"));
            }
        }
        if (starts != jvms) {
            throw new IllegalStateException("expected " + jvms + " agent start-up line(s) in " + where + ", found "
                    + starts + " (did the agent start in every JVM?)");
        }
        if (!mode.converts()) {
            long others = output.lines().filter(l -> l.contains("[serialboost]") && !STARTUP_LINE.matcher(l).find())
                    .count();
            if (others != 0) {
                throw new IllegalStateException(where + " printed agent lines besides the start-up line; see "
                        + results);
            }
            RunLog.print("  agent: " + starts + " of " + starts + " JVMs started with the engine on, converting"
                    + " nothing");
            return;
        }
        Matcher m = RELAYED_SUMMARY.matcher(output);
        int count = 0;
        long converted = Long.MAX_VALUE;
        while (m.find()) {
            count++;
            long errors = Long.parseLong(m.group(3));
            if (errors != 0) {
                throw new IllegalStateException("the agent reported errors=" + errors + " in " + where + ": '"
                        + m.group() + "'");
            }
            converted = Math.min(converted, Long.parseLong(m.group(1)));
        }
        if (count != jvms) {
            throw new IllegalStateException("expected " + jvms + " agent summary line(s) in " + where + ", found "
                    + count + " (did the agent start in every JVM?)");
        }
        if (converted == 0) {
            throw new IllegalStateException("a JVM of " + where + " converted no class at all");
        }
        String key = "agent." + jdk.feature() + "." + mode.id() + "." + (what.startsWith("self") ? "selfcheck"
                : "forks");
        record.put(key + ".jvms", String.valueOf(count + Integer.parseInt(record.get(key + ".jvms", "0"))));
        RunLog.print("  agent: " + count + " of " + count + " JVMs with the engine " + (mode.engine() ? "on" : "off")
                + ", summary errors=0, each converted >= " + converted + " classes");
    }
}
