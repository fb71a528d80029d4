package dev.serialboost.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a child JVM did: its command, exit code and complete outputs. {@link #fail(String)} and
 * {@link #describe()} put all of it in assertion messages.
 */
public record JvmResult(String label, List<String> command, Map<String, String> env, int exitCode, String stdout,
                        String stderr) {

    /** Outputs longer than this are cut in the middle in messages; the saved files hold them in full. */
    private static final int SHOWN = 12_000;
    private static final Pattern SUMMARY = Pattern.compile(Pattern.quote(JvmRunner.PREFIX)
            + "summary: converted=(\\d+) skipped=(\\d+) errors=(\\d+) transform-ms=(\\d+)(?: \\(([^)]*)\\))?"
            + "(?:; which and why: java -jar serialboost-agent\\.jar scan .*<class path>)?");

    /** The parsed {@code [serialboost] summary: ...} line. */
    public record Summary(long converted, long skipped, long errors, long transformMillis, Map<String, Long> reasons,
                          String line) {
    }

    public List<String> stdoutLines() {
        return stdout.lines().toList();
    }

    public List<String> stderrLines() {
        return stderr.lines().toList();
    }

    /** stderr lines written by the agent (prefix {@code [serialboost] }), prefix kept. */
    public List<String> agentLines() {
        return stderr.lines().filter(l -> l.startsWith(JvmRunner.PREFIX)).toList();
    }

    /**
     * What is wrong with stderr for a user who wants no noise: every line that the agent did not write (JVM
     * warnings included), and every agent line that reports a warning or an error ({@code warning:},
     * {@code error:}, {@code WARNING}, {@code could not start}). Class names in verbose lines may contain
     * "Error" or "Warning", so only these marks count.
     */
    public List<String> stderrProblems() {
        List<String> problems = new java.util.ArrayList<>();
        for (String line : stderrLines()) {
            String lower = line.toLowerCase(java.util.Locale.ROOT);
            if (!line.startsWith(JvmRunner.PREFIX)) {
                problems.add("a stderr line not written by the agent: " + line);
            } else if (line.contains("WARNING") || lower.contains("warning:") || lower.contains("error:")
                    || lower.startsWith(JvmRunner.PREFIX + "could not start")) {
                problems.add("the agent reports a problem: " + line);
            }
        }
        return problems;
    }

    /**
     * The stderr lines of this run (with the agent) that the run {@code without} the agent did not print and the
     * agent did not write, or that speak of a warning: what the JVM says about an application's own libraries (JDK
     * 24+ warns of {@code sun.misc.Unsafe} use, for example) is printed in both runs and is no problem of ours.
     */
    public List<String> stderrLinesAddedTo(final JvmResult without) {
        List<String> added = new java.util.ArrayList<>(stderrLines());
        added.removeAll(without.stderrLines());
        added.removeIf(line -> line.startsWith(JvmRunner.PREFIX)
                && !line.toLowerCase(java.util.Locale.ROOT).contains("warning"));
        return added;
    }

    /** The summary line; fails when there is none or more than one. */
    public Summary summary() {
        List<String> lines = stderr.lines().filter(l -> l.startsWith(JvmRunner.PREFIX + "summary:")).toList();
        if (lines.size() != 1) {
            throw fail("expected exactly one '" + JvmRunner.PREFIX + "summary:' line on stderr, found " + lines.size());
        }
        Matcher m = SUMMARY.matcher(lines.get(0));
        if (!m.matches()) {
            throw fail("the summary line does not have the documented form 'summary: converted=N skipped=N errors=N"
                    + " transform-ms=N (reason=N, ...)[; which and why: COMMAND]': " + lines.get(0));
        }
        Map<String, Long> reasons = new LinkedHashMap<>();
        if (m.group(5) != null) {
            for (String pair : m.group(5).split(", ")) {
                String[] kv = pair.split("=");
                if (kv.length != 2 || !kv[1].matches("\\d+")) {
                    throw fail("cannot read the reason counts of the summary line: " + lines.get(0));
                }
                reasons.put(kv[0], Long.parseLong(kv[1]));
            }
        }
        return new Summary(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)), reasons, lines.get(0));
    }

    /** The check every run with the agent gets: a summary line, and it reports no transformation error. */
    void assertAgentSummaryWithoutErrors() {
        Summary s = summary();
        if (s.errors() != 0) {
            throw fail("the agent reports " + s.errors() + " transformation error(s): " + s.line());
        }
    }

    void assertNoAgentSummary() {
        if (stderr.contains(JvmRunner.PREFIX + "summary:")) {
            throw fail("the agent was expected to stay inactive, yet it printed a summary");
        }
    }

    /** An AssertionError with {@code message}, the command and both outputs. */
    public AssertionError fail(final String message) {
        return new AssertionError(message + "\n" + describe());
    }

    public String describe() {
        StringBuilder s = new StringBuilder("--- child JVM ").append(label).append(": exit code ").append(exitCode)
                .append("\ncommand: ").append(String.join(" ", command));
        if (!env.isEmpty()) {
            s.append("\nextra environment: ").append(env);
        }
        s.append("\nsaved to: ").append(JvmRunner.runsDirectory().resolve(label)).append(".{stdout,stderr}");
        s.append("\n--- stdout:\n").append(shorten(stdout)).append("\n--- stderr:\n").append(shorten(stderr))
                .append("\n--- end of ").append(label);
        return s.toString();
    }

    void save() {
        try {
            Path dir = JvmRunner.runsDirectory();
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(label + ".stdout"), stdout, StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(label + ".stderr"), "# " + String.join(" ", command) + "\n" + stderr,
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.out.println("could not save the outputs of " + label + ": " + e);
        }
    }

    private static String shorten(final String text) {
        if (text.length() <= SHOWN) {
            return text;
        }
        return text.substring(0, SHOWN / 2) + "\n[... " + (text.length() - SHOWN) + " characters cut; see the saved file ...]\n"
                + text.substring(text.length() - SHOWN / 2);
    }
}
