package dev.serialboost.bench.report;

import java.util.Properties;

/** "Machine and software": CPU, memory, OS, the JDKs, JMH's settings, the versions, and the command to reproduce. */
final class MachineSection implements Section {

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        Properties run = results.record();
        md.append("## Machine and software\n\n| | |\n|---|---|\n");
        row(md, "CPU", run.getProperty("machine.cpu"));
        row(md, "cores (nproc)", run.getProperty("machine.cores"));
        row(md, "memory", run.getProperty("machine.memory"));
        row(md, "OS", run.getProperty("machine.os"));
        for (int jdk : r.jdks) {
            String home = run.getProperty("jdk." + jdk + ".home");
            row(md, "JDK " + jdk, r.jdkVersions.get(jdk) + (home == null ? "" : " (`" + home + "`)"));
        }
        row(md, "runner JVM", run.getProperty("jdk"));
        row(md, "benchmark JVM options", "`" + run.getProperty("fork.options", "") + "`");
        row(md, "load average at start / end", run.getProperty("machine.loadavg.start") + " / "
                + run.getProperty("machine.loadavg.end"));
        row(md, "JMH", (r.jmhVersion == null ? run.getProperty("version.jmh") : r.jmhVersion) + ", profile `"
                + run.getProperty("run.profile") + "`: " + run.getProperty("run.profile.description"));
        row(md, "serialboost agent", run.getProperty("version.agent") + " (source revision "
                + run.getProperty("run.revision") + ")");
        row(md, "Kryo / Fory", run.getProperty("version.kryo") + " / " + run.getProperty("version.fory"));
        md.append("\nReproduce: `").append(run.getProperty("run.command"))
                .append("` (builds the agent and `bench/target/benchmarks.jar`, runs everything, rewrites this page "
                        + "and its chart). Raw results: `bench/target/bench-results/` (`jmh.json`, "
                        + "`run.properties`, a JMH log per JDK and mode).\n");
    }

    private static void row(final StringBuilder md, final String k, final String v) {
        md.append("| ").append(k).append(" | ").append(v == null ? "—" : v).append(" |\n");
    }
}
