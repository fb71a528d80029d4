package dev.serialboost.bench.run;

import dev.serialboost.bench.BenchJdk;
import dev.serialboost.bench.Child;
import dev.serialboost.bench.Workload;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.jar.JarFile;

/**
 * The run record's description of the run: when, by which command and profile, at which source revision, on which
 * machine and JDKs, with which versions of the agent and the libraries ({@code run.*}, {@code machine.*},
 * {@code jdk.*}, {@code fork.options}, {@code version.*}).
 */
public final class RunDescription {

    private final RunSettings settings;
    private final RunRecord record;

    public RunDescription(final RunSettings settings, final RunRecord record) {
        this.settings = settings;
        this.record = record;
    }

    /** Records and logs what the run is and where it runs, before anything is measured. */
    public void recordStart(final Instant start, final List<BenchJdk> jdks) throws IOException {
        Timing t = settings.timing();
        record.put("run.start", start.truncatedTo(ChronoUnit.SECONDS).toString());
        record.put("run.command", settings.command());
        record.put("run.profile", settings.profile().id());
        record.put("run.profile.description", t.describe());
        record.put("run.forks", String.valueOf(t.forks()));
        record.put("run.workloads", String.join(",", settings.workloads().stream().map(Workload::name).toList()));
        record.put("run.methods", settings.methods());
        record.put("run.revision", revision());
        record.put("run.jdks", String.join(",", jdks.stream().map(j -> String.valueOf(j.feature())).toList()));
        record.put("machine.cpu", Machine.cpu());
        record.put("machine.cores", String.valueOf(Runtime.getRuntime().availableProcessors()));
        record.put("machine.memory", Machine.memory());
        record.put("machine.os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        record.put("machine.loadavg.start", Machine.loadAverage());
        record.put("jdk", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
                + System.getProperty("java.vendor") + ")");
        record.put("jdk.home", System.getProperty("java.home"));
        for (BenchJdk jdk : jdks) {
            record.put("jdk." + jdk.feature() + ".version", jdk.version());
            record.put("jdk." + jdk.feature() + ".home", jdk.home().toString());
        }
        record.put("fork.options", String.join(" ", JvmOptions.FORK_OPTIONS));
        Properties versions = new Properties();
        try (InputStream in = RunDescription.class.getResourceAsStream("/bench-versions.properties")) {
            if (in != null) {
                versions.load(in);
            }
        }
        for (String name : versions.stringPropertyNames()) {
            if (name.endsWith(".version")) {
                record.put("version." + name.replace(".version", ""), versions.getProperty(name));
            }
        }
        try (JarFile jar = new JarFile(settings.agentJar().toFile())) {
            String v = jar.getManifest() == null ? null
                    : jar.getManifest().getMainAttributes().getValue("Implementation-Version");
            record.put("version.agent", v == null ? "unknown" : v);
        }
        RunLog.print("machine: " + record.get("machine.cpu") + ", " + record.get("machine.cores") + " cores, "
                + record.get("machine.memory") + "; load " + record.get("machine.loadavg.start"));
        for (BenchJdk jdk : jdks) {
            RunLog.print(jdk.label() + ": " + jdk.version() + " at " + jdk.home());
        }
        RunLog.print("profile " + settings.profile().id() + ": " + t.describe());
    }

    /** Records when the run ended, how long it took and the load it ended with. */
    public void recordEnd(final Instant start, final Instant end) {
        record.put("run.end", end.truncatedTo(ChronoUnit.SECONDS).toString());
        record.put("run.minutes", String.format(Locale.ROOT, "%.1f", Duration.between(start, end).toSeconds() / 60.0));
        record.put("machine.loadavg.end", Machine.loadAverage());
    }

    /** {@code git describe} of the working directory's checkout; {@code unknown} outside one. */
    private static String revision() {
        try {
            Child.Result r = Child.run(List.of("git", "describe", "--always", "--dirty"), Duration.ofSeconds(20));
            return r.exitCode() == 0 ? r.stdout().trim() : "unknown";
        } catch (RuntimeException e) {
            return "unknown";
        }
    }
}
