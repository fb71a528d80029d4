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
        md.append("## How it is measured\n\n");
        md.append("- **One command, every mode, every JDK.** `./bench.sh` builds the agent and "
                + "`bench/target/benchmarks.jar` and starts `BenchRunner`, which runs the same JMH benchmark methods "
                + "in forks of each agent mode, one JDK after the other (`--jdks 17,21,25`, or `--jdk HOME` for any "
                + "JDK home; the forks need only its `java`), and writes this page from that one run. Every ratio is "
                + "a JDK against itself without the agent.\n");
        md.append("- **Modes.** *no agent*; *agent default*: `-javaagent:serialboost-agent.jar` with no settings, the "
                + "engine layer; *convert=all + engine*: the opt-in converted format as users get it (bulk body); "
                + "*convert=all, per-field + engine*: the same with `include ** bulk=off` (MarketData only); "
                + "*convert=all, engine=false*: the converted format alone. ");
        List<String> perJdk = new ArrayList<>();
        for (int jdk : r.jdks) {
            String modes = run.getProperty("jdk." + jdk + ".modes");
            if (modes != null) {
                perJdk.add("JDK " + jdk + ": " + modes.replace(",", ", "));
            }
        }
        if (!perJdk.isEmpty()) {
            md.append("This run: ").append(String.join("; ", perJdk)).append(" (reference rows on JDK ").append(main)
                    .append(" only).");
        }
        md.append('\n');
        md.append("- **Same methods, unchanged classes.** `JdkStreamBenchmark` runs the plain `Serializable` workload "
                + "classes (`bench/src/main/java/dev/serialboost/bench/model`) through `ObjectOutputStream` / "
                + "`ObjectInputStream`; `RmiBenchmark` passes them to a remote method over loopback RMI.\n");
        md.append("- **Two patterns.** *One per stream*: a new `ObjectOutputStream` per object, as RMI, caches and "
                + "session stores do: stream header and class descriptors are paid per object. *1,000 per "
                + "stream*: one stream holding 1,000 objects, as a journal: descriptors are written once, "
                + "objects shared between records (Employee supervisors, CustomerOrder customers) become "
                + "back-references.\n");
        md.append("- **Write and read apart.** Writes go into a reused `ByteArrayOutputStream`; reads deserialize "
                + "bytes prepared in the benchmark's set-up. A round trip is their sum; its `±` combines both.\n");
        md.append("- **Timing**: ").append(run.getProperty("run.profile.description", "?")).append(", JMH average "
                + "time, JVM options `").append(run.getProperty("fork.options", "")).append("`.\n");
        md.append("- **Checked, not assumed.** Before timing, every benchmark method runs once per JDK and mode and "
                + "its result is compared with the source objects, identity included (`SelfCheck`); in the default "
                + "mode every stream written must be byte for byte the stream written without the agent. Every fork "
                + "checks in its set-up that the workload classes are converted exactly when its mode says so. The "
                + "runner reads every fork's output: each agent fork must print the start-up line of its mode "
                + "(`engine: on` or `off`; `converting: none` in the default), and each converting fork a "
                + "`summary=true` line with `errors=0`.");
        long converting = run.stringPropertyNames().stream().filter(k -> k.matches("agent\\.\\d+\\..*\\.forks\\.jvms"))
                .mapToLong(k -> Long.parseLong(run.getProperty(k))).sum();
        if (converting > 0) {
            md.append(" This run: ").append(converting).append(" converting forks, all with `errors=0`.");
        }
        md.append('\n');
        md.append("- **JMH's own classes stay plain** in the converting JVMs (`exclude org.openjdk.jmh.**`): JMH sends "
                + "results from each fork to its host JVM, which has no agent, with Java serialization, and a "
                + "converted class is `Externalizable` on the wire ([compatibility](compatibility.md)). That is "
                + "the rule for any pair of JVMs: both ends need the agent, or the class excluded. The default mode "
                + "needs no such rule.\n");
        md.append("- **What the converted format decided** (its `verbose=true` lines, JDK ").append(main)
                .append("):\n");
        for (Workload w : Workload.values()) {
            String d = run.getProperty("agent.converted.decision." + w.modelClass().getSimpleName());
            if (d != null) {
                md.append("  - `").append(d).append("`\n");
            }
        }
        md.append("\n### Looking closer at one result\n\n");
        md.append("Run one benchmark in one mode by hand, with a JMH profiler (`gc`: allocation per operation; "
                + "`stack`: hottest stacks; `jfr`: a flight recording per fork). The default needs nothing else:\n\n");
        md.append("```\njava -jar bench/target/benchmarks.jar 'JdkStreamBenchmark.readOnePerStream' \\\n"
                + "     -p workload=Employee -p form=SERIALIZABLE -f 1 -wi 3 -i 5 \\\n"
                + "     -jvmArgsPrepend -javaagent:agent/target/serialboost-agent.jar -prof gc\n```\n\n");
        md.append("The converted format needs a rules file that keeps JMH's classes plain (`bench.sh` leaves one per "
                + "mode in `bench/target/bench-results/`):\n\n");
        md.append("```\necho 'exclude org.openjdk.jmh.**' > /tmp/jmh.conf\n"
                + "java -jar bench/target/benchmarks.jar 'JdkStreamBenchmark.readOnePerStream' \\\n"
                + "     -p workload=Employee -p form=SERIALIZABLE -f 1 -wi 3 -i 5 \\\n"
                + "     -jvmArgsPrepend \"-javaagent:agent/target/serialboost-agent.jar=config=/tmp/jmh.conf,convert=all\" "
                + "-prof gc\n```\n");
        md.append("\n### Reference rows need source changes\n\n");
        md.append("**Hand-written `Externalizable`, Kryo and Fory are context, not alternatives you get for free.** "
                + "Each needs source changes and a different wire format: the hand-written twins "
                + "(`bench/.../handwritten`) are new classes with `writeExternal`/`readExternal` and public no-arg "
                + "constructors (Order loses its `final` fields), `Externalizable` on the wire like the converted "
                + "classes; Kryo ")
                .append(run.getProperty("version.kryo", "")).append(" and Fory ")
                .append(run.getProperty("version.fory", ""))
                .append(" replace the stream API at every call site and write their own formats, readable only by "
                        + "themselves. serialboost changes no source and keeps `ObjectOutputStream`. The "
                        + "reference rows run in the JVM without the agent, set up as each library's "
                        + "documentation recommends: registration required, reference tracking only for Employee, "
                        + "Sample and CustomerOrder, Fory in Java (native) mode; Kryo keeps references across the "
                        + "1,000 objects of one stream (auto-reset off), Fory writes them as one `Object[]` (it "
                        + "tracks references within one call).\n\n");
    }
}
