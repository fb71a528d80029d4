package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * "How it is measured": the modes, the patterns, the timing, the checks, the converted format's decisions, how to
 * look closer at one result by hand, and what the reference rows need.
 */
final class MethodSection implements Section {

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Scores r = results.scores();
        Properties run = results.record();
        int main = results.mainJdk();
        List<String> perJdk = new ArrayList<>();
        for (int jdk : r.jdks) {
            String modes = run.getProperty("jdk." + jdk + ".modes");
            if (modes != null) {
                perJdk.add("JDK " + jdk + ": " + modes.replace(",", ", "));
            }
        }
        String thisRun = perJdk.isEmpty() ? ""
                : "This run: " + String.join("; ", perJdk) + " (reference rows on JDK " + main + " only).";
        long converting = run.stringPropertyNames().stream().filter(k -> k.matches("agent\\.\\d+\\..*\\.forks\\.jvms"))
                .mapToLong(k -> Long.parseLong(run.getProperty(k))).sum();
        StringBuilder decisions = new StringBuilder();
        for (Workload w : Workload.values()) {
            String d = run.getProperty("agent.converted.decision." + w.modelClass().getSimpleName());
            if (d != null) {
                decisions.append("  - `").append(d).append("`\n");
            }
        }
        md.append(Prose.render("method",
                "thisRun", thisRun,
                "profileDescription", run.getProperty("run.profile.description", "?"),
                "forkOptions", run.getProperty("fork.options", ""),
                "convertingForks", converting > 0 ? " This run: " + converting + " converting forks, all with"
                        + " `errors=0`." : "",
                "jdk", main,
                "decisions", decisions,
                "kryo", run.getProperty("version.kryo", ""),
                "fory", run.getProperty("version.fory", ""))).append("\n\n");
    }
}
