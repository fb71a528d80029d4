package dev.serialboost.bench;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The before/after run: one invocation that runs the same JMH benchmark methods in forks of every {@link AgentMode}
 * (no agent; the agent's default, the engine layer; the converted format with the engine, bulk and per-field body;
 * the converted format without the engine), on one or more JDKs, each against its own plain JDK; plus the reference
 * rows without the agent on the first JDK. It checks that the agent did what each fork promises, measures what the
 * agent costs on each JDK, and writes the results and {@code docs/benchmarks.md}. {@code ../bench.sh} builds the
 * jars and calls it.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar dev.serialboost.bench.BenchRunner --profile quick
 *      [--jdks 17,21,25 | --jdk HOME ...] [--modes off,default,...] [--other-jdk-modes off,default,converted]
 *      [--agent agent/target/serialboost-agent.jar] [--results bench/target/bench-results] [--docs docs]
 *      [--workloads MarketData,Employee] [--methods 'write.*'] [--forks N] [--warmup N] [--iterations N]
 *      [--iteration-ms N] [--skip-reference] [--skip-cost] [--cost-only] [--report-only]
 * </pre>
 *
 * <p>Before the benchmarks, {@link SelfCheck} runs once per JDK and mode: every benchmark method must round-trip
 * its graph; the converting modes run with the agent's {@code verbose=true} and every workload class must be
 * converted (bulk body for MarketData in {@code converted} and {@code converted-no-engine}); the default mode must
 * write, stream for stream, the same bytes as no agent. Its sizes become the report's size table. Every benchmark
 * fork then starts with {@code -Dbench.agent=<mode>} (its set-up fails unless the workload classes are converted as
 * the mode says), and the run fails unless every agent fork printed the start-up line its mode implies
 * ({@code engine: on} or {@code off}, {@code converting: none} for the default) and, in the converting modes, a
 * {@code summary=true} line with {@code errors=0}.
 *
 * <p>The default mode's JVMs get {@code -javaagent:serialboost-agent.jar} and nothing else. The converting modes
 * add a rules file that keeps JMH's own classes plain ({@code exclude org.openjdk.jmh.**}): JMH sends results from
 * the fork to its host JVM, which runs without the agent, with Java serialization, and a converted class is
 * {@code Externalizable} on the wire (docs/compatibility.md).
 */
public final class BenchRunner {

    /** How long and how often: {@code --profile}, each value replaceable by its own option. */
    public enum Profile {
        /** The integration test's: proves the pipeline, measures nothing worth reading. */
        SMOKE(1, 0, 100, 3, 100, 2, 1, 1),
        /** A few minutes on two cores: one fork, 2 warm-up and 3 measured iterations of 1 s. */
        QUICK(1, 2, 1000, 3, 1000, 10, 3, 7),
        /** Two forks, 3 warm-up and 5 measured iterations of 1 s. */
        FULL(2, 3, 1000, 5, 1000, 30, 5, 21);

        final Timing timing;
        final int startupRuns;
        final int transformRuns;
        /**
         * Rounds of the class-loading measurement ({@code --class-loading-rounds}): its per-class cost is a difference
         * of a few percent of each run, which three runs could not tell from the machine's noise.
         */
        final int classLoadingRounds;

        Profile(final int forks, final int warmupIterations, final int warmupMillis, final int iterations,
                final int iterationMillis, final int startupRuns, final int transformRuns,
                final int classLoadingRounds) {
            this.timing = new Timing(forks, warmupIterations, warmupMillis, iterations, iterationMillis);
            this.startupRuns = startupRuns;
            this.transformRuns = transformRuns;
            this.classLoadingRounds = classLoadingRounds;
        }

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** JMH's forks and iterations of every benchmark of a run. */
    record Timing(int forks, int warmupIterations, int warmupMillis, int iterations, int iterationMillis) {
        String describe() {
            return forks + (forks == 1 ? " fork" : " forks") + ", " + warmupIterations + " warm-up x "
                    + warmupMillis + " ms, " + iterations + " measured x " + iterationMillis + " ms per benchmark";
        }

        /** Seconds of one benchmark, its forks' start-up included (about 1.5 s each on two cores). */
        double seconds() {
            return forks * ((warmupIterations * warmupMillis + iterations * iterationMillis) / 1000.0 + 1.5);
        }
    }

    /** Modes on every JDK after the first unless {@code --other-jdk-modes} says otherwise. */
    static final List<AgentMode> OTHER_JDK_MODES = List.of(AgentMode.OFF, AgentMode.DEFAULT, AgentMode.CONVERTED);
    /** Classes the generated application of the transform-time measurement loads. */
    static final int GENERATED_CLASSES = 1000;
    /** JVM options of every benchmark fork, agent or not (the benchmarks' {@code @Fork} defaults). */
    static final List<String> FORK_OPTIONS = List.of("-Xms2g", "-Xmx2g");
    static final Pattern SUMMARY = Pattern.compile(
            "\\[serialboost] summary: converted=(\\d+) skipped=(\\d+) errors=(\\d+) transform-ms=(\\d+)");
    /**
     * The summary's counts as JMH relays them from its forks: a fork's stderr reaches the log interleaved with the
     * host's own lines, and the end of the summary line can land after the host's text (seen: {@code Iteration   3:
     * [serialboost] summary: converted=5 skipped=41 errors=0 transform-37047.381 ns/op}).
     */
    static final Pattern RELAYED_SUMMARY = Pattern.compile(
            "\\[serialboost] summary: converted=(\\d+) skipped=(\\d+) errors=(\\d+)");
    /** The agent's start-up line: how long its premain took, whether the engine is on, what it converts. */
    static final Pattern STARTUP_LINE = Pattern.compile("\\[serialboost] serialboost \\S+ active in (\\d+) ms"
            + " \\(engine: (on|off); config: ([^;]*); converting: ([^)]*)\\)(.*)");
    private static final Pattern SIZE_LINE = Pattern.compile(
            "^size (\\w+)\\.(\\w+)((?: \\w+=\\w+)*) (\\d+)(?: bytes=(\\w+))?$", Pattern.MULTILINE);
    private static final Pattern LOADED = Pattern.compile("loaded (\\d+) classes in ([0-9.]+) ms");
    private static final Pattern LOOKED_AT = Pattern.compile(
            "looked at (\\d+) classes \\((\\d+) loaded, (\\d+) failed\\) in ([0-9.]+) ms");
    private static final Duration CHILD_TIMEOUT = Duration.ofMinutes(5);

    /** The parsed command line. */
    record Settings(Profile profile, Timing timing, Path agentJar, Path results, Path docs, List<Workload> workloads,
                    String methods, List<String> jdks, List<AgentMode> modes, List<AgentMode> otherJdkModes,
                    boolean reference, boolean skipCost, boolean reportOnly, String command, boolean costOnly,
                    int classLoadingRounds) {
    }

    private final Settings settings;
    private final Properties record = new Properties();
    private final String classPath = System.getProperty("java.class.path");
    /** Per JDK and mode: the hash of the bytes of every write the self-check made, by benchmark, method, params. */
    private final Map<String, Map<String, String>> written = new HashMap<>();

    BenchRunner(final Settings settings) {
        this.settings = settings;
    }

    public static void main(final String[] args) {
        Settings settings;
        try {
            settings = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("[bench] " + e.getMessage());
            System.err.println("usage: BenchRunner [--profile smoke|quick|full] [--jdks 17,21,25 | --jdk HOME ...]"
                    + " [--modes M,...] [--other-jdk-modes M,...] [--agent JAR] [--results DIR] [--docs DIR|none]"
                    + " [--workloads A,B] [--methods REGEX] [--forks N] [--warmup N] [--iterations N]"
                    + " [--iteration-ms N] [--skip-reference] [--skip-cost] [--cost-only] [--report-only]"
                    + " [--class-loading-rounds N] [--command TEXT]");
            System.err.println("modes: " + Arrays.stream(AgentMode.values()).map(AgentMode::id).toList());
            System.exit(2);
            return;
        }
        try {
            new BenchRunner(settings).run();
        } catch (Exception | AssertionError e) {
            System.err.println();
            System.err.println("[bench] FAILED: " + e.getMessage());
            if (!(e instanceof IllegalStateException)) {
                e.printStackTrace();
            }
            System.exit(1);
        }
    }

    static Settings parse(final String[] args) {
        Profile profile = Profile.QUICK;
        Integer forks = null;
        Integer warmup = null;
        Integer iterations = null;
        Integer iterationMillis = null;
        Path agent = Path.of("agent/target/serialboost-agent.jar");
        Path results = Path.of("bench/target/bench-results");
        Path docs = Path.of("docs");
        List<Workload> workloads = List.of(Workload.values());
        String methods = "\\w+";
        List<String> jdks = new ArrayList<>();
        List<AgentMode> modes = List.of(AgentMode.values());
        List<AgentMode> otherJdkModes = OTHER_JDK_MODES;
        boolean reference = true;
        boolean skipCost = false;
        boolean reportOnly = false;
        boolean costOnly = false;
        Integer classLoadingRounds = null;
        String command = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--profile" -> profile = Profile.valueOf(value(args, ++i, a).toUpperCase(Locale.ROOT));
                case "--forks" -> forks = number(args, ++i, a, 1);
                case "--warmup" -> warmup = number(args, ++i, a, 0);
                case "--iterations" -> iterations = number(args, ++i, a, 1);
                case "--iteration-ms" -> iterationMillis = number(args, ++i, a, 10);
                case "--agent" -> agent = Path.of(value(args, ++i, a));
                case "--results" -> results = Path.of(value(args, ++i, a));
                case "--docs" -> {
                    String d = value(args, ++i, a);
                    docs = d.equals("none") ? null : Path.of(d);
                }
                case "--workloads" -> workloads = Arrays.stream(value(args, ++i, a).split(","))
                        .map(Workload::valueOf).toList();
                case "--methods" -> methods = value(args, ++i, a);
                case "--jdk" -> jdks.add(value(args, ++i, a));
                case "--jdks" -> jdks.addAll(Arrays.asList(value(args, ++i, a).split(",")));
                case "--modes" -> modes = modes(value(args, ++i, a));
                case "--other-jdk-modes" -> otherJdkModes = modes(value(args, ++i, a));
                case "--skip-reference" -> reference = false;
                case "--skip-cost" -> skipCost = true;
                case "--cost-only" -> costOnly = true;
                case "--class-loading-rounds" -> classLoadingRounds = number(args, ++i, a, 1);
                case "--report-only" -> reportOnly = true;
                case "--command" -> command = value(args, ++i, a);
                default -> throw new IllegalArgumentException("unknown argument '" + a + "'");
            }
        }
        if (command == null) {
            command = "BenchRunner " + String.join(" ", args);
        }
        Timing t = profile.timing;
        Timing timing = new Timing(forks == null ? t.forks() : forks, warmup == null ? t.warmupIterations() : warmup,
                iterationMillis == null ? t.warmupMillis() : iterationMillis,
                iterations == null ? t.iterations() : iterations,
                iterationMillis == null ? t.iterationMillis() : iterationMillis);
        return new Settings(profile, timing, agent.toAbsolutePath(), results.toAbsolutePath(),
                docs == null ? null : docs.toAbsolutePath(), workloads, methods, List.copyOf(jdks), modes,
                otherJdkModes, reference, skipCost, reportOnly, command, costOnly,
                classLoadingRounds == null ? profile.classLoadingRounds : classLoadingRounds);
    }

    private static List<AgentMode> modes(final String list) {
        List<AgentMode> out = new ArrayList<>();
        for (String id : list.split(",")) {
            AgentMode m = AgentMode.of(id.trim());
            if (!out.contains(m)) {
                out.add(m);
            }
        }
        if (!out.contains(AgentMode.OFF)) {
            throw new IllegalArgumentException("the modes " + list + " lack 'off', the baseline of every ratio");
        }
        out.sort(null);
        return List.copyOf(out);
    }

    private static String value(final String[] args, final int i, final String name) {
        if (i >= args.length) {
            throw new IllegalArgumentException(name + " needs a value");
        }
        return args[i];
    }

    private static int number(final String[] args, final int i, final String name, final int min) {
        String v = value(args, i, name);
        try {
            int n = Integer.parseInt(v);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(name + " needs a whole number of at least " + min + ", not '" + v + "'");
    }

    void run() throws IOException, RunnerException {
        if (settings.reportOnly()) {
            writeReport();
            return;
        }
        checkEnvironment();
        List<BenchJdk> jdks = jdks();
        Files.createDirectories(settings.results());
        Files.deleteIfExists(settings.results().resolve(ReportGenerator.JMH_JSON));
        Files.deleteIfExists(settings.results().resolve(ReportGenerator.RUN_PROPERTIES));
        Instant start = Instant.now();
        describeRun(start, jdks);
        if (settings.costOnly()) {
            costOnly(jdks);
            return;
        }
        Map<BenchJdk, Map<AgentMode, Plan>> plans = new LinkedHashMap<>();
        for (BenchJdk jdk : jdks) {
            boolean first = jdk == jdks.get(0);
            Map<AgentMode, Plan> byMode = new EnumMap<>(AgentMode.class);
            for (AgentMode mode : first ? settings.modes() : settings.otherJdkModes()) {
                Plan plan = Plan.of(mode, settings.workloads(), first && settings.reference());
                if (!plan.isEmpty()) {
                    byMode.put(mode, plan);
                }
            }
            plans.put(jdk, byMode);
            put("jdk." + jdk.feature() + ".modes", String.join(",", byMode.keySet().stream().map(AgentMode::id)
                    .toList()));
        }
        log("plan: " + estimate(plans));

        for (Map.Entry<BenchJdk, Map<AgentMode, Plan>> j : plans.entrySet()) {
            for (Map.Entry<AgentMode, Plan> e : j.getValue().entrySet()) {
                selfCheck(j.getKey(), e.getKey(), e.getValue(), j.getKey() == jdks.get(0));
            }
            checkSameBytes(j.getKey());
        }
        List<RunResult> all = new ArrayList<>();
        for (Map.Entry<BenchJdk, Map<AgentMode, Plan>> j : plans.entrySet()) {
            for (Map.Entry<AgentMode, Plan> e : j.getValue().entrySet()) {
                for (Plan.Run run : e.getValue().runs()) {
                    all.addAll(benchmark(j.getKey(), e.getKey(), run));
                }
            }
        }
        if (all.isEmpty()) {
            throw new IllegalStateException("JMH ran nothing (methods '" + settings.methods() + "')");
        }
        Path json = settings.results().resolve(ReportGenerator.JMH_JSON);
        ResultFormatFactory.getInstance(ResultFormatType.JSON, json.toString()).writeOut(all);
        log("JMH results: " + json);

        if (!settings.skipCost()) {
            measureCosts(jdks);
        }
        Instant end = Instant.now();
        put("run.end", end.truncatedTo(ChronoUnit.SECONDS).toString());
        put("run.minutes", String.format(Locale.ROOT, "%.1f", Duration.between(start, end).toSeconds() / 60.0));
        put("machine.loadavg.end", loadAverage());
        writeRecord();
        writeReport();
    }

    private List<BenchJdk> jdks() {
        List<BenchJdk> out = new ArrayList<>();
        for (String spec : settings.jdks().isEmpty() ? List.of(String.valueOf(Runtime.version().feature()))
                : settings.jdks()) {
            BenchJdk jdk;
            try {
                jdk = BenchJdk.resolve(spec.trim());
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
            if (out.stream().anyMatch(j -> j.feature() == jdk.feature())) {
                throw new IllegalStateException("two JDKs of version " + jdk.feature() + " (" + settings.jdks()
                        + "): the report has one row per version");
            }
            out.add(jdk);
        }
        return out;
    }

    private void writeReport() throws IOException {
        if (settings.docs() == null) {
            log("no report written (--docs none)");
            return;
        }
        List<Path> written = ReportGenerator.write(settings.results(), settings.docs());
        written.forEach(p -> log("wrote " + p));
    }

    // ---------------------------------------------------------------------------------------------------------

    private void checkEnvironment() {
        List<String> set = new ArrayList<>();
        for (String name : System.getenv().keySet()) {
            if (name.startsWith("SERIALBOOST_") || Child.SCRUBBED.contains(name)) {
                set.add(name);
            }
        }
        if (!set.isEmpty()) {
            throw new IllegalStateException("the environment sets " + set + ", which JMH passes on to every fork and"
                    + " which would change what the agent does there; unset them (bench.sh does)");
        }
        if (!Files.isRegularFile(settings.agentJar())) {
            throw new IllegalStateException("the agent jar " + settings.agentJar() + " does not exist; build it with"
                    + " ./mvnw -pl transformer,agent -am package -DskipTests (bench.sh does)");
        }
    }

    private void describeRun(final Instant start, final List<BenchJdk> jdks) throws IOException {
        Timing t = settings.timing();
        put("run.start", start.truncatedTo(ChronoUnit.SECONDS).toString());
        put("run.command", settings.command());
        put("run.profile", settings.profile().id());
        put("run.profile.description", t.describe());
        put("run.forks", String.valueOf(t.forks()));
        put("run.workloads", String.join(",", settings.workloads().stream().map(Workload::name).toList()));
        put("run.methods", settings.methods());
        put("run.revision", revision());
        put("run.jdks", String.join(",", jdks.stream().map(j -> String.valueOf(j.feature())).toList()));
        put("machine.cpu", cpuModel());
        put("machine.cores", String.valueOf(Runtime.getRuntime().availableProcessors()));
        put("machine.memory", memory());
        put("machine.os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        put("machine.loadavg.start", loadAverage());
        put("jdk", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
                + System.getProperty("java.vendor") + ")");
        put("jdk.home", System.getProperty("java.home"));
        for (BenchJdk jdk : jdks) {
            put("jdk." + jdk.feature() + ".version", jdk.version());
            put("jdk." + jdk.feature() + ".home", jdk.home().toString());
        }
        put("fork.options", String.join(" ", FORK_OPTIONS));
        Properties versions = new Properties();
        try (InputStream in = BenchRunner.class.getResourceAsStream("/bench-versions.properties")) {
            if (in != null) {
                versions.load(in);
            }
        }
        for (String name : versions.stringPropertyNames()) {
            if (name.endsWith(".version")) {
                put("version." + name.replace(".version", ""), versions.getProperty(name));
            }
        }
        try (JarFile jar = new JarFile(settings.agentJar().toFile())) {
            String v = jar.getManifest() == null ? null
                    : jar.getManifest().getMainAttributes().getValue("Implementation-Version");
            put("version.agent", v == null ? "unknown" : v);
        }
        log("machine: " + record.getProperty("machine.cpu") + ", " + record.getProperty("machine.cores")
                + " cores, " + record.getProperty("machine.memory") + "; load " + record.getProperty(
                "machine.loadavg.start"));
        for (BenchJdk jdk : jdks) {
            log(jdk.label() + ": " + jdk.version() + " at " + jdk.home());
        }
        log("profile " + settings.profile().id() + ": " + t.describe());
    }

    private String estimate(final Map<BenchJdk, Map<AgentMode, Plan>> plans) {
        int runs = 0;
        StringBuilder text = new StringBuilder();
        for (Map.Entry<BenchJdk, Map<AgentMode, Plan>> j : plans.entrySet()) {
            text.append(j.getKey().label()).append(':');
            for (Map.Entry<AgentMode, Plan> e : j.getValue().entrySet()) {
                int n = 0;
                for (Plan.Run run : e.getValue().runs()) {
                    for (Class<?> b : run.benchmarks()) {
                        n += run.combinations(b).size() * benchmarkMethods(b).size();
                    }
                }
                runs += n;
                text.append(' ').append(e.getKey().id()).append('=').append(n);
            }
            text.append("; ");
        }
        return runs + " benchmark runs (" + text.toString().replaceAll("; $", "") + "), about "
                + Math.round(runs * settings.timing().seconds() / 60) + " min of JMH";
    }

    private List<String> benchmarkMethods(final Class<?> benchmark) {
        Pattern methods = Pattern.compile(settings.methods());
        return Arrays.stream(benchmark.getMethods())
                .filter(m -> m.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class))
                .map(java.lang.reflect.Method::getName)
                .filter(n -> methods.matcher(n).matches())
                .sorted().toList();
    }

    // ---------------------------------------------------------------------------------------------------------

    /** The rules file of a converting mode: JMH's classes stay plain; per-field mode switches the bulk body off. */
    private Path rulesFile(final AgentMode mode) throws IOException {
        Path file = settings.results().resolve("agent-" + mode.id() + ".conf");
        String text = "# written by BenchRunner for the '" + mode.id() + "' benchmark JVMs\n"
                + "# JMH's own result classes cross its fork -> host link, whose host JVM has no agent: keep them plain\n"
                + "exclude org.openjdk.jmh.**\n"
                + (mode == AgentMode.CONVERTED_FIELDS
                        ? "# the per-field body everywhere: no bulk record\ninclude ** bulk=off\n"
                        : "# everything else converted (convert=all, given with the file), bulk body on\n");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /**
     * {@code -javaagent:...} for a mode: {@code null} without the agent, the bare jar for the default (no settings at
     * all), the mode's settings with the rules file and {@code summary=true} for the converting modes.
     */
    private String agentOption(final AgentMode mode, final boolean verbose) throws IOException {
        if (!mode.agent()) {
            return null;
        }
        String option = "-javaagent:" + settings.agentJar();
        if (!mode.converts()) {
            return mode.settings().isEmpty() ? option : option + "=" + mode.settings();
        }
        return option + "=config=" + rulesFile(mode) + "," + mode.settings() + ",summary=true"
                + (verbose ? ",verbose=true" : "");
    }

    private List<String> jvmOptions(final AgentMode mode, final boolean verbose) throws IOException {
        List<String> options = new ArrayList<>();
        String agent = agentOption(mode, verbose);
        if (agent != null) {
            options.add(agent);
        }
        options.add("-D" + AgentMode.PROPERTY + "=" + mode.id());
        options.addAll(FORK_OPTIONS);
        return options;
    }

    private void selfCheck(final BenchJdk jdk, final AgentMode mode, final Plan plan, final boolean first)
            throws IOException {
        log("self-check, " + jdk.label() + ", " + mode.label() + ": every benchmark method once, round trips"
                + " compared");
        List<String> command = new ArrayList<>();
        command.add(jdk.java().toString());
        command.addAll(jvmOptions(mode, true));
        List<String> workloads = new ArrayList<>();
        for (Plan.Run run : plan.runs()) {
            for (String key : List.of("workload", "argument")) {
                for (String w : run.params().getOrDefault(key, List.of())) {
                    if (!workloads.contains(w)) {
                        workloads.add(w);
                    }
                }
            }
        }
        command.addAll(List.of("-cp", classPath, SelfCheck.class.getName(), mode.id(), String.join(",", workloads),
                plan.runs().size() > 1 ? "reference" : "plain"));
        String what = "the self-check on " + jdk.label() + " in mode " + mode.id();
        Child.Result r = Child.run(command, CHILD_TIMEOUT).requireSuccess(what);
        Files.writeString(settings.results().resolve("selfcheck-" + jdk.feature() + "-" + mode.id() + ".log"),
                r.stdout() + r.stderr(), StandardCharsets.UTF_8);
        Matcher size = SIZE_LINE.matcher(r.stdout());
        int sizes = 0;
        Map<String, String> hashes = written.computeIfAbsent(jdk.feature() + "." + mode.id(), k -> new TreeMap<>());
        while (size.find()) {
            StringBuilder key = new StringBuilder(size.group(1)).append('.').append(size.group(2));
            for (String kv : size.group(3).trim().split(" ")) {
                key.append('.').append(kv.substring(kv.indexOf('=') + 1));
            }
            if (first) {
                put("size." + mode.id() + "." + key, size.group(4));
            }
            if (size.group(5) != null) {
                hashes.put(key.toString(), size.group(5));
            }
            sizes++;
        }
        if (sizes == 0) {
            throw new IllegalStateException(what + " reported no sizes:\n" + r.stdout());
        }
        checkAgentOutput(jdk, mode, r.stderr(), 1, "self-check");
        if (mode.converts()) {
            for (Class<?> c : plan.modelClasses()) {
                String line = r.stderr().lines().filter(l -> l.contains("] " + c.getName() + " ")).findFirst()
                        .orElse("");
                boolean converted = line.contains(" converted (");
                boolean bulk = line.contains(" record");
                boolean wantBulk = mode != AgentMode.CONVERTED_FIELDS && Plan.ALL_PRIMITIVE.stream()
                        .anyMatch(w -> w.modelClass() == c);
                if (!converted || bulk != wantBulk) {
                    throw new IllegalStateException("in mode " + mode.id() + " on " + jdk.label() + " the agent should"
                            + " have converted " + c.getName() + (wantBulk ? " with" : " without")
                            + " the bulk body, but said: '" + line + "'\n" + r.stderr());
                }
                if (first) {
                    put("agent." + mode.id() + ".decision." + c.getSimpleName(),
                            line.substring(line.indexOf("] ") + 2));
                }
            }
        }
        log("  ok: " + sizes + " sizes, " + (r.stdout().lines().filter(l -> l.startsWith("digest")).count())
                + " round trips equal to the source graph");
    }

    /**
     * The engine layer's promise, checked on every JDK: in the default mode each write of the plain workloads gave
     * the very bytes it gives without the agent.
     */
    private void checkSameBytes(final BenchJdk jdk) {
        Map<String, String> off = written.get(jdk.feature() + "." + AgentMode.OFF.id());
        Map<String, String> engine = written.get(jdk.feature() + "." + AgentMode.DEFAULT.id());
        if (off == null || engine == null) {
            return;
        }
        int same = 0;
        for (Map.Entry<String, String> e : engine.entrySet()) {
            String plain = off.get(e.getKey());
            if (plain == null) {
                continue;
            }
            if (!plain.equals(e.getValue())) {
                throw new IllegalStateException("on " + jdk.label() + " the agent's default mode wrote other bytes than"
                        + " the JDK without the agent: " + e.getKey() + " (sha-256 " + e.getValue() + " vs " + plain
                        + ")");
            }
            same++;
        }
        if (same == 0) {
            throw new IllegalStateException("on " + jdk.label() + " no write of the default mode could be compared"
                    + " with one without the agent");
        }
        put("check." + jdk.feature() + ".default.same-bytes", String.valueOf(same));
        log("  " + jdk.label() + ": the agent's default wrote the same bytes as no agent, " + same + " of " + same
                + " streams");
    }

    private List<RunResult> benchmark(final BenchJdk jdk, final AgentMode mode, final Plan.Run run)
            throws IOException, RunnerException {
        List<Class<?>> benchmarks = run.benchmarks().stream().filter(b -> !benchmarkMethods(b).isEmpty()).toList();
        if (benchmarks.isEmpty()) {
            return List.of();
        }
        log("JMH, " + jdk.label() + ", " + mode.label() + " (" + run.name() + ")");
        Timing t = settings.timing();
        ChainedOptionsBuilder options = new OptionsBuilder()
                .jvm(jdk.java().toString())
                .forks(t.forks())
                .warmupIterations(t.warmupIterations())
                .warmupTime(TimeValue.milliseconds(t.warmupMillis()))
                .measurementIterations(t.iterations())
                .measurementTime(TimeValue.milliseconds(t.iterationMillis()))
                .timeout(TimeValue.minutes(5))
                .shouldFailOnError(true)
                .jvmArgs(jvmOptions(mode, false).toArray(new String[0]))
                .jvmArgsAppend(); // the @Fork defaults of the classes are in FORK_OPTIONS already
        for (Class<?> b : benchmarks) {
            options.include("^" + Pattern.quote(b.getName()) + "\\.(" + settings.methods() + ")$");
        }
        for (Map.Entry<String, List<String>> p : run.params().entrySet()) {
            options.param(p.getKey(), p.getValue().toArray(new String[0]));
        }
        Path log = settings.results().resolve("jmh-" + jdk.feature() + "-" + mode.id() + "-" + run.name() + ".log");
        List<RunResult> results;
        try (OutputStream file = new FileOutputStream(log.toFile());
             PrintStream tee = new PrintStream(new Tee(System.out, file), true, StandardCharsets.UTF_8)) {
            results = new ArrayList<>(new Runner(options.build(),
                    OutputFormatFactory.createFormatInstance(tee, VerboseMode.NORMAL)).run());
        }
        if (results.isEmpty()) {
            throw new IllegalStateException("JMH ran nothing on " + jdk.label() + " in mode " + mode.id() + " (methods '"
                    + settings.methods() + "')");
        }
        for (RunResult result : results) {
            String jvm = result.getParams().getJvm();
            if (!Path.of(jvm).toAbsolutePath().normalize().equals(jdk.java().toAbsolutePath().normalize())) {
                throw new IllegalStateException("JMH ran a fork on " + jvm + ", not on " + jdk.java());
            }
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        checkAgentOutput(jdk, mode, output, results.size() * t.forks(), "benchmark forks");
        return results;
    }

    /**
     * Checks what the agent printed in {@code jvms} JVMs of {@code mode}: nothing without the agent; else one start-up
     * line per JVM saying the engine is on or off as the mode says and converting nothing in the default mode; in the
     * converting modes also one summary line per JVM with {@code errors=0} and classes converted.
     */
    private void checkAgentOutput(final BenchJdk jdk, final AgentMode mode, final String output, final int jvms,
                                  final String what) {
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
            if (engineOn != mode.engine() || convertsNothing == mode.converts() || !start.group(5).isBlank()) {
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
                        + settings.results());
            }
            log("  agent: " + starts + " of " + starts + " JVMs started with the engine on, converting nothing");
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
        put(key + ".jvms", String.valueOf(count + Integer.parseInt(record.getProperty(key + ".jvms", "0"))));
        log("  agent: " + count + " of " + count + " JVMs with the engine " + (mode.engine() ? "on" : "off")
                + ", summary errors=0, each converted >= " + converted + " classes");
    }

    // ---------------------------------------------------------------------------------------------------------

    /**
     * Whole-JVM start-up, the medians of alternating runs: {@link TrivialApp} (serializes nothing) without an agent,
     * with an {@link EmptyAgent} (what the JVM charges for any agent), with the agent's default and with
     * {@code convert=all}; then {@link StartupApp} (round-trips one object per workload) without the agent, with
     * its default and with {@code convert=all}.
     */
    private void measureStartup(final BenchJdk jdk) throws IOException {
        int runs = settings.profile().startupRuns;
        Path empty = emptyAgent();
        Map<String, List<String>> trivial = new LinkedHashMap<>();
        trivial.put("off", List.of(jdk.java().toString(), "-cp", classPath, TrivialApp.class.getName()));
        trivial.put("empty", List.of(jdk.java().toString(), "-javaagent:" + empty, "-cp", classPath,
                TrivialApp.class.getName()));
        trivial.put("default", List.of(jdk.java().toString(), "-javaagent:" + settings.agentJar(), "-cp", classPath,
                TrivialApp.class.getName()));
        trivial.put("converted", List.of(jdk.java().toString(), "-javaagent:" + settings.agentJar() + "=convert=all",
                "-cp", classPath, TrivialApp.class.getName()));
        log("start-up on " + jdk.label() + ": " + runs + " runs of TrivialApp each without an agent, with an empty"
                + " agent, with serialboost's default and with convert=all (in turn)");
        startupRuns("startup.trivial.", trivial, runs);
        put("startup.trivial.empty.agent", "an agent jar whose manifest names " + EmptyAgent.class.getName());

        Map<String, List<String>> commands = new LinkedHashMap<>();
        commands.put("off", List.of(jdk.java().toString(), "-D" + AgentMode.PROPERTY + "=off", "-cp", classPath,
                StartupApp.class.getName()));
        commands.put("default", List.of(jdk.java().toString(), "-javaagent:" + settings.agentJar(),
                "-D" + AgentMode.PROPERTY + "=default", "-cp", classPath, StartupApp.class.getName()));
        commands.put("converted", List.of(jdk.java().toString(), "-javaagent:" + settings.agentJar() + "=convert=all",
                "-D" + AgentMode.PROPERTY + "=converted", "-cp", classPath, StartupApp.class.getName()));
        log("start-up on " + jdk.label() + ": " + runs + " runs of StartupApp each without the agent, with its"
                + " default and with convert=all (in turn)");
        startupRuns("startup.", commands, runs);
        put("startup.runs", String.valueOf(runs));
        put("startup.jdk", String.valueOf(jdk.feature()));
    }

    /**
     * Runs each command {@code runs} times in turn (the order rotating), after two unmeasured runs each, and records
     * the wall times and the agent's start-up line under {@code prefix + key}.
     */
    private void startupRuns(final String prefix, final Map<String, List<String>> commands, final int runs) {
        String app = commands.get("off").get(commands.get("off").size() - 1);
        for (int i = 0; i < 2; i++) {
            commands.forEach((k, c) -> Child.run(c, CHILD_TIMEOUT).requireSuccess(app + " (" + k + ")"));
        }
        Map<String, double[]> wall = new LinkedHashMap<>();
        Map<String, double[]> premain = new LinkedHashMap<>();
        for (String k : commands.keySet()) {
            wall.put(k, new double[runs]);
            premain.put(k, new double[runs]);
        }
        for (int i = 0; i < runs; i++) {
            List<String> order = new ArrayList<>(commands.keySet());
            java.util.Collections.rotate(order, i);
            for (String k : order) {
                Child.Result r = Child.run(commands.get(k), CHILD_TIMEOUT).requireSuccess(app + " (" + k + ")");
                wall.get(k)[i] = r.millis();
                Matcher line = STARTUP_LINE.matcher(r.stderr());
                premain.get(k)[i] = line.find() ? Double.parseDouble(line.group(1)) : Double.NaN;
            }
        }
        StringBuilder medians = new StringBuilder();
        for (String k : commands.keySet()) {
            putStats(prefix + k, wall.get(k));
            if (!k.equals("off") && Arrays.stream(premain.get(k)).noneMatch(Double::isNaN)) {
                putStats(prefix + "premain." + k, premain.get(k));
            }
            put(prefix + "command." + k, String.join(" ", commands.get(k)));
            medians.append(String.format(Locale.ROOT, "%s%s %.0f ms", medians.length() == 0 ? "" : ", ", k,
                    median(wall.get(k))));
        }
        log("  medians: " + medians);
    }

    /** A jar with only a manifest, whose {@code Premain-Class} ({@link EmptyAgent}) comes from the class path. */
    private Path emptyAgent() throws IOException {
        Path jar = settings.results().resolve("empty-agent.jar");
        java.util.jar.Manifest manifest = new java.util.jar.Manifest();
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", EmptyAgent.class.getName());
        try (OutputStream out = Files.newOutputStream(jar);
             java.util.jar.JarOutputStream j = new java.util.jar.JarOutputStream(out, manifest)) {
            j.flush();
        }
        return jar;
    }

    /**
     * Class loading at the scale of real applications: {@link ClassPathApp} loads every class of published libraries
     * ({@code bench/target/classpath-libs}) without the agent, with its default and with {@code convert=all}, in
     * rounds of one run each, the order rotating from round to round; medians of its own timing (the loads only) and
     * of whole processes, and the cost per class looked at: the median over the rounds of the difference to the run
     * without the agent of the same round (runs next to each other share the machine's state, which drifts).
     */
    private void measureClassPath(final BenchJdk jdk) throws IOException {
        Path libs = classPathLibs();
        List<String> jars = new ArrayList<>();
        if (libs != null) {
            try (java.util.stream.Stream<Path> files = Files.list(libs)) {
                files.filter(f -> f.toString().endsWith(".jar")).sorted().forEach(f -> jars.add(f.toString()));
            }
        }
        if (jars.isEmpty()) {
            log("class loading: no jars in " + libs + " (the bench build copies them there); not measured");
            return;
        }
        int runs = settings.classLoadingRounds();
        Map<String, List<String>> commands = new LinkedHashMap<>();
        List<String> app = new ArrayList<>(List.of("-cp", classPath, ClassPathApp.class.getName()));
        app.addAll(jars);
        commands.put("off", concat(List.of(jdk.java().toString()), app));
        commands.put("default", concat(List.of(jdk.java().toString(), "-javaagent:" + settings.agentJar()), app));
        commands.put("converted", concat(List.of(jdk.java().toString(),
                "-javaagent:" + settings.agentJar() + "=convert=all,summary=true"), app));
        List<String> names = new ArrayList<>();
        for (String j : jars) {
            names.add(Path.of(j).getFileName().toString());
        }
        log("class loading on " + jdk.label() + ": " + runs + " rounds of ClassPathApp over " + String.join(", ", names)
                + " without the agent, with its default and with convert=all (one run each, the order rotating)");
        Child.run(commands.get("off"), CHILD_TIMEOUT).requireSuccess("ClassPathApp (warm-up)");
        Map<String, double[]> load = new LinkedHashMap<>();
        Map<String, double[]> wall = new LinkedHashMap<>();
        for (String k : commands.keySet()) {
            load.put(k, new double[runs]);
            wall.put(k, new double[runs]);
        }
        long classes = -1;
        long failed = -1;
        for (int i = 0; i < runs; i++) {
            List<String> order = new ArrayList<>(commands.keySet());
            java.util.Collections.rotate(order, i);
            for (String k : order) {
                Child.Result r = Child.run(commands.get(k), CHILD_TIMEOUT).requireSuccess("ClassPathApp (" + k + ")");
                Matcher m = LOOKED_AT.matcher(r.stdout());
                if (!m.find()) {
                    throw new IllegalStateException("ClassPathApp printed no timing:\n" + r.stdout() + r.stderr());
                }
                classes = Long.parseLong(m.group(1));
                failed = Long.parseLong(m.group(3));
                load.get(k)[i] = Double.parseDouble(m.group(4));
                wall.get(k)[i] = r.millis();
                if (k.equals("converted")) {
                    Matcher summary = SUMMARY.matcher(r.stderr());
                    if (!summary.find() || !summary.group(3).equals("0")) {
                        throw new IllegalStateException("ClassPathApp with convert=all: no summary line or errors:\n"
                                + r.stderr());
                    }
                    put("classpath.converted", summary.group(1));
                }
            }
        }
        put("classpath.jars", String.join(",", names));
        put("classpath.classes", String.valueOf(classes));
        put("classpath.failed", String.valueOf(failed));
        put("classpath.runs", String.valueOf(runs));
        put("classpath.paired", "true");
        put("classpath.jdk", String.valueOf(jdk.feature()));
        double off = median(load.get("off"));
        for (String k : commands.keySet()) {
            putStats("classpath.load." + k, load.get(k));
            putStats("classpath.wall." + k, wall.get(k));
            put("classpath.command." + k, String.join(" ", commands.get(k).subList(0, commands.get(k).size()
                    - jars.size())) + " <the jars>");
            if (!k.equals("off")) {
                double[] perClass = perClass(load.get(k), load.get("off"), classes);
                put("classpath.perclass." + k, format(median(perClass)));
                put("classpath.perclass.wall." + k, format(median(perClass(wall.get(k), wall.get("off"), classes))));
                log(String.format(Locale.ROOT, "  %s: loads %.0f ms (without %.0f ms), %+.1f us per class looked at"
                        + " (median of the rounds' differences; per round: %s)", k, median(load.get(k)), off,
                        median(perClass), Arrays.stream(perClass).mapToObj(d -> String.format(Locale.ROOT, "%+.1f", d))
                                .collect(java.util.stream.Collectors.joining(" "))));
            }
        }
    }

    /** Per round: the difference of {@code with} to {@code without} of the same round, in us per class. */
    static double[] perClass(final double[] with, final double[] without, final long classes) {
        double[] d = new double[with.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = (with[i] - without[i]) * 1000 / classes;
        }
        return d;
    }

    /** {@code bench/target/classpath-libs}, next to the benchmarks jar this runs from; null when not there. */
    private static Path classPathLibs() {
        try {
            Path jar = Path.of(BenchRunner.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path libs = jar.getParent().resolve("classpath-libs");
            return Files.isDirectory(libs) ? libs : null;
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    private static List<String> concat(final List<String> a, final List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /**
     * What the agent costs, on each JDK of the run in turn: start-up, transform time, class loading. The first JDK's
     * figures keep their keys (the report's detailed tables); another JDK's are recorded under
     * {@link ReportGenerator#costPrefix} of its feature number (the report's table across JDKs).
     */
    private void measureCosts(final List<BenchJdk> jdks) throws IOException {
        Properties first = new Properties();
        for (BenchJdk jdk : jdks) {
            measureStartup(jdk);
            measureTransform(jdk);
            measureClassPath(jdk);
            // out of the way of the next JDK's, which are recorded under the same keys
            if (jdk == jdks.get(0)) {
                moveCosts(record, first, "");
            } else {
                moveCosts(record, record, ReportGenerator.costPrefix(jdk.feature()));
            }
        }
        first.forEach(record::put);
        put("cost.jdks", String.join(",", jdks.stream().map(j -> String.valueOf(j.feature())).toList()));
    }

    /** Moves the cost part's keys ({@link ReportGenerator#COST_KEYS}) of {@code from} into {@code into}, prefixed. */
    static void moveCosts(final Properties from, final Properties into, final String prefix) {
        for (String key : from.stringPropertyNames()) {
            if (ReportGenerator.COST_KEYS.stream().anyMatch(key::startsWith)) {
                into.setProperty(prefix + key, (String) from.remove(key));
            }
        }
    }

    /**
     * {@code --cost-only}: the cost part alone on each JDK of the run (start-up, transform time, class loading),
     * written to {@code cost.properties} and, as the report's section, to {@code cost.md} in the results directory;
     * never to {@code docs/}, whose page comes from one whole run.
     */
    private void costOnly(final List<BenchJdk> jdks) throws IOException {
        measureCosts(jdks);
        Path file = settings.results().resolve("cost.properties");
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            record.store(w, "written by BenchRunner --cost-only");
        }
        StringBuilder md = new StringBuilder();
        ReportGenerator.costs(md, record);
        Path section = settings.results().resolve("cost.md");
        Files.writeString(section, md);
        log("cost only: " + file + " and the report's section " + section);
    }

    /** Transformer time per class: {@value #GENERATED_CLASSES} generated classes, half Serializable. */
    private void measureTransform(final BenchJdk jdk) throws IOException {
        int runs = settings.profile().transformRuns;
        Path dir = settings.results().resolve("many-classes");
        int serializable = ClassGenerator.write(dir, GENERATED_CLASSES);
        log("transform time on " + jdk.label() + ": " + runs + " runs of an app loading " + GENERATED_CLASSES
                + " generated classes (" + serializable + " Serializable), without the agent and with convert=all");
        String cp = classPath + java.io.File.pathSeparator + dir;
        List<String> off = List.of(jdk.java().toString(), "-cp", cp, ManyClassesApp.class.getName(),
                String.valueOf(GENERATED_CLASSES));
        List<String> on = List.of(jdk.java().toString(),
                "-javaagent:" + settings.agentJar() + "=convert=all,summary=true", "-cp", cp,
                ManyClassesApp.class.getName(), String.valueOf(GENERATED_CLASSES));
        double[] transformMs = new double[runs];
        double[] loadOff = new double[runs];
        double[] loadOn = new double[runs];
        double[] wallOff = new double[runs];
        double[] wallOn = new double[runs];
        long converted = -1;
        for (int i = 0; i < runs; i++) {
            Child.Result a = Child.run(off, CHILD_TIMEOUT).requireSuccess("ManyClassesApp without the agent");
            Child.Result b = Child.run(on, CHILD_TIMEOUT).requireSuccess("ManyClassesApp with the agent");
            loadOff[i] = loaded(a);
            loadOn[i] = loaded(b);
            wallOff[i] = a.millis();
            wallOn[i] = b.millis();
            Matcher m = SUMMARY.matcher(b.stderr());
            if (!m.find()) {
                throw new IllegalStateException("ManyClassesApp with the agent printed no summary line:\n" + b.stderr());
            }
            if (!m.group(3).equals("0")) {
                throw new IllegalStateException("the agent reported errors loading generated classes: " + m.group());
            }
            converted = Long.parseLong(m.group(1));
            transformMs[i] = Long.parseLong(m.group(4));
        }
        put("transform.classes", String.valueOf(GENERATED_CLASSES));
        put("transform.serializable", String.valueOf(serializable));
        put("transform.converted", String.valueOf(converted));
        put("transform.runs", String.valueOf(runs));
        putStats("transform.ms", transformMs);
        putStats("transform.load.off", loadOff);
        putStats("transform.load.agent", loadOn);
        putStats("transform.wall.off", wallOff);
        putStats("transform.wall.agent", wallOn);
        log(String.format(Locale.ROOT, "  transformer %.0f ms for %d classes (%d converted): %.0f us per class",
                median(transformMs), GENERATED_CLASSES, converted, median(transformMs) * 1000 / GENERATED_CLASSES));
    }

    private static double loaded(final Child.Result r) {
        Matcher m = LOADED.matcher(r.stdout());
        if (!m.find()) {
            throw new IllegalStateException("ManyClassesApp printed no timing:\n" + r.stdout() + r.stderr());
        }
        return Double.parseDouble(m.group(2));
    }

    private void putStats(final String key, final double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        put(key + ".median", format(median(v)));
        put(key + ".p25", format(percentile(v, 25)));
        put(key + ".p75", format(percentile(v, 75)));
        put(key + ".min", format(v[0]));
        put(key + ".max", format(v[v.length - 1]));
    }

    static double median(final double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** Percentile by linear interpolation between closest ranks; {@code sorted} must be sorted. */
    static double percentile(final double[] sorted, final double p) {
        double rank = p / 100 * (sorted.length - 1);
        int lo = (int) Math.floor(rank);
        int hi = (int) Math.ceil(rank);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
    }

    private static String format(final double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    // ---------------------------------------------------------------------------------------------------------

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    private static String memory() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    long kb = Long.parseLong(line.replaceAll("\\D", ""));
                    return String.format(Locale.ROOT, "%.1f GiB", kb / 1024.0 / 1024.0);
                }
            }
        } catch (IOException | UncheckedIOException | NumberFormatException e) {
            // not Linux
        }
        return "unknown";
    }

    private static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException | UncheckedIOException e) {
            return "unknown";
        }
    }

    private static String revision() {
        try {
            Child.Result r = Child.run(List.of("git", "describe", "--always", "--dirty"), Duration.ofSeconds(20));
            return r.exitCode() == 0 ? r.stdout().trim() : "unknown";
        } catch (RuntimeException e) {
            return "unknown";
        }
    }

    private void put(final String key, final String value) {
        record.setProperty(key, value);
    }

    /** Writes {@code run.properties} sorted, so that two runs diff cleanly. */
    private void writeRecord() throws IOException {
        Path file = settings.results().resolve(ReportGenerator.RUN_PROPERTIES);
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("# written by dev.serialboost.bench.BenchRunner; read by ReportGenerator\n");
            for (Map.Entry<String, String> e : new TreeMap<>(asMap(record)).entrySet()) {
                w.write(e.getKey() + "=" + escape(e.getValue()) + "\n");
            }
        }
        log("run record: " + file);
    }

    private static Map<String, String> asMap(final Properties p) {
        Map<String, String> m = new TreeMap<>();
        for (String name : p.stringPropertyNames()) {
            m.put(name, p.getProperty(name));
        }
        return m;
    }

    private static String escape(final String value) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Reads a {@code run.properties} written by {@link #writeRecord}. */
    static Properties readRecord(final Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return p;
    }

    private static void log(final String line) {
        System.out.println("[bench] " + line);
    }

    /** Writes to two streams. */
    private static final class Tee extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Tee(final OutputStream a, final OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(final int c) throws IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(final byte[] bytes, final int off, final int len) throws IOException {
            a.write(bytes, off, len);
            b.write(bytes, off, len);
        }

        @Override
        public void flush() throws IOException {
            a.flush();
            b.flush();
        }

        @Override
        public void close() throws IOException {
            b.close();
            a.flush();
        }
    }
}
