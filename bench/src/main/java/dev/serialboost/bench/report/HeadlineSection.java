package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * "The agent's default against no agent": the page's headline, the round-trip speed-up of the agent's default on
 * every JDK, workload and pattern, with how many streams the run found byte for byte the same as without the agent.
 */
final class HeadlineSection implements Section {

    /** A row of the headline. */
    record Row(Workload workload, Pattern pattern) {
    }

    /** The rows of the headline: every workload, both stream patterns, and the RMI arguments. */
    static List<Row> rows(final Scores r) {
        List<Row> rows = new ArrayList<>();
        for (Pattern p : Pattern.values()) {
            for (Workload w : Workload.values()) {
                if (r.jdks.stream().anyMatch(j -> r.speedup(j, Column.DEFAULT, w, p) != null)) {
                    rows.add(new Row(w, p));
                }
            }
        }
        return rows;
    }

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        Properties run = results.record();
        List<String> same = new ArrayList<>();
        for (int jdk : r.jdks) {
            String n = run.getProperty("check." + jdk + ".default.same-bytes");
            if (n != null) {
                same.add("JDK " + jdk + ": " + n + " of " + n + " streams");
            }
        }
        md.append(Prose.render("headline", "sameBytes", same.isEmpty() ? "not in this run"
                : "the default wrote the same bytes as no agent, " + String.join("; ", same))).append("\n\n");
        md.append("| workload | pattern |");
        for (int jdk : r.jdks) {
            md.append(" JDK ").append(jdk).append(" |");
        }
        md.append("\n|---|---|").append("---:|".repeat(r.jdks.size())).append('\n');
        for (Row row : rows(r)) {
            md.append("| ").append(row.workload()).append(" | ").append(row.pattern().label).append(" |");
            for (int jdk : r.jdks) {
                Score s = r.speedup(jdk, Column.DEFAULT, row.workload(), row.pattern());
                md.append(' ').append(s == null ? "—" : "**" + Cells.ratioWithError(s) + "**").append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }
}
