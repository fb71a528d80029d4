package dev.serialboost.bench.report;

import java.util.Properties;

/** "Machine and software": CPU, memory, OS, the JDKs, JMH's settings, the versions, and the command to reproduce. */
final class MachineSection implements Section {

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        Properties run = results.record();
        StringBuilder rows = new StringBuilder();
        row(rows, "CPU", run.getProperty("machine.cpu"));
        row(rows, "cores (nproc)", run.getProperty("machine.cores"));
        row(rows, "memory", run.getProperty("machine.memory"));
        row(rows, "OS", run.getProperty("machine.os"));
        for (int jdk : r.jdks) {
            String home = run.getProperty("jdk." + jdk + ".home");
            row(rows, "JDK " + jdk, r.jdkVersions.get(jdk) + (home == null ? "" : " (`" + home + "`)"));
        }
        row(rows, "runner JVM", run.getProperty("jdk"));
        row(rows, "benchmark JVM options", "`" + run.getProperty("fork.options", "") + "`");
        row(rows, "load average at start / end", run.getProperty("machine.loadavg.start") + " / "
                + run.getProperty("machine.loadavg.end"));
        row(rows, "JMH", (r.jmhVersion == null ? run.getProperty("version.jmh") : r.jmhVersion) + ", profile `"
                + run.getProperty("run.profile") + "`: " + run.getProperty("run.profile.description"));
        row(rows, "serialboost agent", run.getProperty("version.agent") + " (source revision "
                + run.getProperty("run.revision") + ")");
        row(rows, "Kryo / Fory", run.getProperty("version.kryo") + " / " + run.getProperty("version.fory"));
        md.append(Prose.render("machine", "rows", rows, "command", run.getProperty("run.command"))).append('\n');
    }

    private static void row(final StringBuilder rows, final String k, final String v) {
        rows.append("| ").append(k).append(" | ").append(v == null ? "—" : v).append(" |\n");
    }
}
