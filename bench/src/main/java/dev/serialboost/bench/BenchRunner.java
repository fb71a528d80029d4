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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The before/after run: one invocation that runs the same JMH benchmark methods in forks without the agent,
 * with the agent's per-field body and with its bulk body (plus the reference rows without the agent), checks
 * that the agent did what each fork promises, measures what the agent costs, and writes the results and
 * {@code docs/benchmarks.md}. {@code ../bench.sh} builds the jars and calls it.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar dev.serialboost.bench.BenchRunner --profile quick
 *      [--agent agent/target/serialboost-agent.jar] [--results bench/target/bench-results] [--docs docs]
 *      [--workloads MarketData,Employee] [--methods 'write.*'] [--skip-cost] [--report-only]
 * </pre>
 *
 * <p>Before the benchmarks, {@link SelfCheck} runs once per mode with the agent's {@code verbose=true}: every
 * benchmark method must round-trip its graph, every workload class must be converted (bulk body for
 * MarketData in the bulk mode only), and its sizes become the report's size table. Every benchmark fork then
 * starts with {@code -Dbench.agent=<mode>} (its set-up fails unless the workload classes are converted as the
 * mode says) and, in the agent modes, with the agent's {@code summary=true}: the run fails when a fork's summary
 * line is missing or reports {@code errors=N} other than 0.
 *
 * <p>The agent JVMs run the converted format, which is opt-in, with {@code convert=all} (start-up and transform
 * measurements too), and a rules file that keeps JMH's own classes plain ({@code exclude org.openjdk.jmh.**}):
 * JMH sends results from the fork to its host JVM, which runs without the agent, with Java serialization, and a
 * converted class is {@code Externalizable} on the wire (docs/compatibility.md).
 */
public final class BenchRunner {

    /** How long and how often: {@code --profile}. */
    public enum Profile {
        /** The integration test's: proves the pipeline, measures nothing worth reading. */
        SMOKE(1, 0, 100, 3, 100, 2, 1),
        /** A few minutes on two cores: one fork, 2 warm-up and 3 measured iterations of 1 s. */
        QUICK(1, 2, 1000, 3, 1000, 10, 3),
        /** The published numbers: two forks, 3 warm-up and 5 measured iterations of 1 s (~25-30 min). */
        FULL(2, 3, 1000, 5, 1000, 30, 5);

        final int forks;
        final int warmupIterations;
        final int warmupMillis;
        final int iterations;
        final int iterationMillis;
        final int startupRuns;
        final int transformRuns;

        Profile(final int forks, final int warmupIterations, final int warmupMillis, final int iterations,
                final int iterationMillis, final int startupRuns, final int transformRuns) {
            this.forks = forks;
            this.warmupIterations = warmupIterations;
            this.warmupMillis = warmupMillis;
            this.iterations = iterations;
            this.iterationMillis = iterationMillis;
            this.startupRuns = startupRuns;
            this.transformRuns = transformRuns;
        }

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        String describe() {
            return forks + (forks == 1 ? " fork" : " forks") + ", " + warmupIterations + " warm-up x "
                    + warmupMillis + " ms, " + iterations + " measured x " + iterationMillis + " ms per benchmark";
        }
    }

    /** Classes the generated application of the transform-time measurement loads. */
    static final int GENERATED_CLASSES = 1000;
    /** JVM options of every benchmark fork, agent or not (the benchmarks' {@code @Fork} defaults). */
    static final List<String> FORK_OPTIONS = List.of("-Xms2g", "-Xmx2g");
    static final Pattern SUMMARY = Pattern.compile(
            "\\[serialboost] summary: converted=(\\d+) skipped=(\\d+) errors=(\\d+) transform-ms=(\\d+)");
    private static final Pattern SIZE_LINE = Pattern.compile("^size (\\w+)\\.(\\w+)((?: \\w+=\\w+)*) (\\d+)$",
            Pattern.MULTILINE);
    private static final Pattern LOADED = Pattern.compile("loaded (\\d+) classes in ([0-9.]+) ms");
    /** The agent's start-up line, where it says how long its premain took. */
    private static final Pattern ACTIVE_IN = Pattern.compile("\\[serialboost] .* active in (\\d+) ms");
    private static final Duration CHILD_TIMEOUT = Duration.ofMinutes(5);

    /** The parsed command line. */
    record Settings(Profile profile, Path agentJar, Path results, Path docs, List<Workload> workloads,
                    String methods, boolean skipCost, boolean reportOnly, String command) {
    }

    private final Settings settings;
    private final Properties record = new Properties();
    private final String classPath = System.getProperty("java.class.path");

    BenchRunner(final Settings settings) {
        this.settings = settings;
    }

    public static void main(final String[] args) {
        Settings settings;
        try {
            settings = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("[bench] " + e.getMessage());
            System.err.println("usage: BenchRunner [--profile smoke|quick|full] [--agent JAR] [--results DIR]"
                    + " [--docs DIR|none] [--workloads A,B] [--methods REGEX] [--skip-cost] [--report-only]"
                    + " [--command TEXT]");
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
        Path agent = Path.of("agent/target/serialboost-agent.jar");
        Path results = Path.of("bench/target/bench-results");
        Path docs = Path.of("docs");
        List<Workload> workloads = List.of(Workload.values());
        String methods = "\\w+";
        boolean skipCost = false;
        boolean reportOnly = false;
        String command = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--profile" -> profile = Profile.valueOf(value(args, ++i, a).toUpperCase(Locale.ROOT));
                case "--agent" -> agent = Path.of(value(args, ++i, a));
                case "--results" -> results = Path.of(value(args, ++i, a));
                case "--docs" -> {
                    String d = value(args, ++i, a);
                    docs = d.equals("none") ? null : Path.of(d);
                }
                case "--workloads" -> workloads = Arrays.stream(value(args, ++i, a).split(","))
                        .map(Workload::valueOf).toList();
                case "--methods" -> methods = value(args, ++i, a);
                case "--skip-cost" -> skipCost = true;
                case "--report-only" -> reportOnly = true;
                case "--command" -> command = value(args, ++i, a);
                default -> throw new IllegalArgumentException("unknown argument '" + a + "'");
            }
        }
        if (command == null) {
            command = "BenchRunner " + String.join(" ", args);
        }
        return new Settings(profile, agent.toAbsolutePath(), results.toAbsolutePath(),
                docs == null ? null : docs.toAbsolutePath(), workloads, methods, skipCost, reportOnly, command);
    }

    private static String value(final String[] args, final int i, final String name) {
        if (i >= args.length) {
            throw new IllegalArgumentException(name + " needs a value");
        }
        return args[i];
    }

    void run() throws IOException, RunnerException {
        if (settings.reportOnly()) {
            writeReport();
            return;
        }
        checkEnvironment();
        Files.createDirectories(settings.results());
        Files.deleteIfExists(settings.results().resolve(ReportGenerator.JMH_JSON));
        Files.deleteIfExists(settings.results().resolve(ReportGenerator.RUN_PROPERTIES));
        Instant start = Instant.now();
        describeRun(start);
        Map<AgentMode, Plan> plans = new EnumMap<>(AgentMode.class);
        for (AgentMode mode : AgentMode.values()) {
            Plan plan = Plan.of(mode, settings.workloads());
            if (!plan.isEmpty()) {
                plans.put(mode, plan);
            }
        }
        log("plan: " + estimate(plans));

        for (Map.Entry<AgentMode, Plan> e : plans.entrySet()) {
            selfCheck(e.getKey(), e.getValue());
        }
        List<RunResult> all = new ArrayList<>();
        for (Map.Entry<AgentMode, Plan> e : plans.entrySet()) {
            all.addAll(benchmark(e.getKey(), e.getValue()));
        }
        Path json = settings.results().resolve(ReportGenerator.JMH_JSON);
        ResultFormatFactory.getInstance(ResultFormatType.JSON, json.toString()).writeOut(all);
        log("JMH results: " + json);

        if (!settings.skipCost()) {
            measureStartup();
            measureTransform();
        }
        Instant end = Instant.now();
        put("run.end", end.truncatedTo(ChronoUnit.SECONDS).toString());
        put("run.minutes", String.format(Locale.ROOT, "%.1f", Duration.between(start, end).toSeconds() / 60.0));
        put("machine.loadavg.end", loadAverage());
        writeRecord();
        writeReport();
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

    private void describeRun(final Instant start) throws IOException {
        put("run.start", start.truncatedTo(ChronoUnit.SECONDS).toString());
        put("run.command", settings.command());
        put("run.profile", settings.profile().id());
        put("run.profile.description", settings.profile().describe());
        put("run.forks", String.valueOf(settings.profile().forks));
        put("run.workloads", String.join(",", settings.workloads().stream().map(Workload::name).toList()));
        put("run.methods", settings.methods());
        put("run.revision", revision());
        put("machine.cpu", cpuModel());
        put("machine.cores", String.valueOf(Runtime.getRuntime().availableProcessors()));
        put("machine.memory", memory());
        put("machine.os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        put("machine.loadavg.start", loadAverage());
        put("jdk", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
                + System.getProperty("java.vendor") + ")");
        put("jdk.home", System.getProperty("java.home"));
        put("fork.options", String.join(" ", FORK_OPTIONS));
        Properties versions = new Properties();
        try (InputStream in = BenchRunner.class.getResourceAsStream("/bench-versions.properties")) {
            if (in != null) {
                versions.load(in);
            }
        }
        for (String name : versions.stringPropertyNames()) {
            put("version." + name.replace(".version", ""), versions.getProperty(name));
        }
        try (JarFile jar = new JarFile(settings.agentJar().toFile())) {
            String v = jar.getManifest() == null ? null
                    : jar.getManifest().getMainAttributes().getValue("Implementation-Version");
            put("version.agent", v == null ? "unknown" : v);
        }
        log("machine: " + record.getProperty("machine.cpu") + ", " + record.getProperty("machine.cores")
                + " cores, " + record.getProperty("machine.memory") + "; " + record.getProperty("jdk"));
        log("profile " + settings.profile().id() + ": " + settings.profile().describe());
    }

    private String estimate(final Map<AgentMode, Plan> plans) {
        int runs = 0;
        StringBuilder text = new StringBuilder();
        for (Map.Entry<AgentMode, Plan> e : plans.entrySet()) {
            int n = 0;
            for (Class<?> b : e.getValue().benchmarks()) {
                n += e.getValue().combinations(b).size() * benchmarkMethods(b).size();
            }
            runs += n;
            text.append(e.getKey().id()).append('=').append(n).append(' ');
        }
        Profile p = settings.profile();
        double seconds = runs * p.forks * ((p.warmupIterations * p.warmupMillis + p.iterations * p.iterationMillis)
                / 1000.0 + 1.0);
        return runs + " benchmark runs (" + text.toString().trim() + ") x " + p.forks + " fork(s), about "
                + Math.round(seconds / 60) + " min of JMH";
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

    /** The rules file of an agent mode: JMH's classes stay plain; per-field mode switches the bulk body off. */
    private Path rulesFile(final AgentMode mode) throws IOException {
        Path file = settings.results().resolve("agent-" + mode.id() + ".conf");
        String text = "# written by BenchRunner for the '" + mode.id() + "' benchmark JVMs\n"
                + "# JMH's own result classes cross its fork -> host link, whose host JVM has no agent: keep them plain\n"
                + "exclude org.openjdk.jmh.**\n"
                + (mode == AgentMode.FIELDS ? "# the per-field body everywhere: no bulk record\ninclude ** bulk=off\n"
                        : "# everything else converted (convert=all, given with the file), bulk body on\n");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** {@code -javaagent:...} for a mode ({@code null} when off), always with {@code convert=all,summary=true}. */
    private String agentOption(final AgentMode mode, final boolean verbose) throws IOException {
        if (!mode.agent()) {
            return null;
        }
        return "-javaagent:" + settings.agentJar() + "=config=" + rulesFile(mode) + ",convert=all,summary=true"
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

    private void selfCheck(final AgentMode mode, final Plan plan) throws IOException {
        log("self-check, " + mode.label() + ": every benchmark method once, round trips compared");
        List<String> command = new ArrayList<>();
        command.add(Child.java());
        command.addAll(jvmOptions(mode, true));
        command.addAll(List.of("-cp", classPath, SelfCheck.class.getName(), mode.id(),
                String.join(",", plan.params().get("workload"))));
        Child.Result r = Child.run(command, CHILD_TIMEOUT).requireSuccess("the self-check in mode " + mode.id());
        Files.writeString(settings.results().resolve("selfcheck-" + mode.id() + ".log"),
                r.stdout() + r.stderr(), StandardCharsets.UTF_8);
        Matcher size = SIZE_LINE.matcher(r.stdout());
        int sizes = 0;
        while (size.find()) {
            StringBuilder key = new StringBuilder("size.").append(mode.id()).append('.').append(size.group(1))
                    .append('.').append(size.group(2));
            for (String kv : size.group(3).trim().split(" ")) {
                key.append('.').append(kv.substring(kv.indexOf('=') + 1));
            }
            put(key.toString(), size.group(4));
            sizes++;
        }
        if (sizes == 0) {
            throw new IllegalStateException("the self-check in mode " + mode.id() + " reported no sizes:\n" + r.stdout());
        }
        if (mode.agent()) {
            for (Class<?> c : plan.modelClasses()) {
                String line = r.stderr().lines().filter(l -> l.contains("] " + c.getName() + " ")).findFirst()
                        .orElse("");
                boolean converted = line.contains(" converted (");
                boolean bulk = line.contains(" record");
                boolean wantBulk = mode == AgentMode.BULK && Plan.ALL_PRIMITIVE.stream()
                        .anyMatch(w -> w.modelClass() == c);
                if (!converted || bulk != wantBulk) {
                    throw new IllegalStateException("in mode " + mode.id() + " the agent should have converted "
                            + c.getName() + (wantBulk ? " with" : " without") + " the bulk body, but said: '"
                            + line + "'\n" + r.stderr());
                }
                put("agent." + mode.id() + ".decision." + c.getSimpleName(),
                        line.substring(line.indexOf("] ") + 2));
            }
            checkSummaries(mode, r.stderr(), 1, "self-check");
        } else if (r.stderr().contains("[serialboost]")) {
            throw new IllegalStateException("the self-check without the agent printed agent lines:\n" + r.stderr());
        }
        log("  ok: " + sizes + " sizes, " + (r.stdout().lines().filter(l -> l.startsWith("digest")).count())
                + " round trips equal to the source graph");
    }

    private List<RunResult> benchmark(final AgentMode mode, final Plan plan) throws IOException, RunnerException {
        log("JMH, " + mode.label());
        ChainedOptionsBuilder options = new OptionsBuilder()
                .forks(settings.profile().forks)
                .warmupIterations(settings.profile().warmupIterations)
                .warmupTime(TimeValue.milliseconds(settings.profile().warmupMillis))
                .measurementIterations(settings.profile().iterations)
                .measurementTime(TimeValue.milliseconds(settings.profile().iterationMillis))
                .timeout(TimeValue.minutes(5))
                .shouldFailOnError(true)
                .jvmArgs(jvmOptions(mode, false).toArray(new String[0]))
                .jvmArgsAppend(); // the @Fork defaults of the classes are in FORK_OPTIONS already
        for (Class<?> b : plan.benchmarks()) {
            options.include("^" + Pattern.quote(b.getName()) + "\\.(" + settings.methods() + ")$");
        }
        for (Map.Entry<String, List<String>> p : plan.params().entrySet()) {
            options.param(p.getKey(), p.getValue().toArray(new String[0]));
        }
        Path log = settings.results().resolve("jmh-" + mode.id() + ".log");
        List<RunResult> results;
        try (OutputStream file = new FileOutputStream(log.toFile());
             PrintStream tee = new PrintStream(new Tee(System.out, file), true, StandardCharsets.UTF_8)) {
            results = new ArrayList<>(new Runner(options.build(),
                    OutputFormatFactory.createFormatInstance(tee, VerboseMode.NORMAL)).run());
        }
        if (results.isEmpty()) {
            throw new IllegalStateException("JMH ran nothing in mode " + mode.id() + " (methods '"
                    + settings.methods() + "')");
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        int forks = results.size() * settings.profile().forks;
        if (mode.agent()) {
            checkSummaries(mode, output, forks, "benchmark forks");
        } else if (output.contains("[serialboost]")) {
            throw new IllegalStateException("benchmark forks without the agent printed agent lines; see " + log);
        }
        return results;
    }

    /** Requires exactly {@code expected} agent summary lines in {@code output}, each with errors=0. */
    private void checkSummaries(final AgentMode mode, final String output, final int expected, final String what) {
        Matcher m = SUMMARY.matcher(output);
        int count = 0;
        long converted = Long.MAX_VALUE;
        long transformMs = 0;
        while (m.find()) {
            count++;
            long errors = Long.parseLong(m.group(3));
            if (errors != 0) {
                throw new IllegalStateException("the agent reported errors=" + errors + " in the " + what + " of mode "
                        + mode.id() + ": '" + m.group() + "'");
            }
            converted = Math.min(converted, Long.parseLong(m.group(1)));
            transformMs += Long.parseLong(m.group(4));
        }
        if (count != expected) {
            throw new IllegalStateException("expected " + expected + " agent summary line(s) in the " + what
                    + " of mode " + mode.id() + ", found " + count + " (did the agent start in every JVM?)");
        }
        if (converted == 0) {
            throw new IllegalStateException("a JVM of the " + what + " of mode " + mode.id()
                    + " converted no class at all");
        }
        if (output.contains("[serialboost] error:") || output.contains("[serialboost] configuration error")) {
            throw new IllegalStateException("the agent reported a problem in the " + what + " of mode " + mode.id());
        }
        String key = "agent." + mode.id() + "." + (what.startsWith("self") ? "selfcheck" : "forks");
        put(key + ".summaries", String.valueOf(count));
        put(key + ".converted.min", String.valueOf(converted));
        put(key + ".transform-ms.total", String.valueOf(transformMs));
        log("  agent summaries: " + count + " of " + count + " JVMs with errors=0, each converted >= " + converted
                + " classes");
    }

    // ---------------------------------------------------------------------------------------------------------

    /** Whole-JVM start-up of {@link StartupApp}, without and with the agent, alternating; medians. */
    private void measureStartup() {
        int runs = settings.profile().startupRuns;
        log("start-up: " + runs + " runs of StartupApp each without and with -javaagent (alternating)");
        List<String> off = List.of(Child.java(), "-D" + AgentMode.PROPERTY + "=off", "-cp", classPath,
                StartupApp.class.getName());
        List<String> on = List.of(Child.java(), "-javaagent:" + settings.agentJar() + "=convert=all",
                "-D" + AgentMode.PROPERTY + "=bulk", "-cp", classPath, StartupApp.class.getName());
        for (int i = 0; i < 2; i++) {
            Child.run(off, CHILD_TIMEOUT).requireSuccess("StartupApp without the agent");
            Child.run(on, CHILD_TIMEOUT).requireSuccess("StartupApp with the agent");
        }
        double[] offMs = new double[runs];
        double[] onMs = new double[runs];
        double[] premainMs = new double[runs];
        boolean premainReported = true;
        for (int i = 0; i < runs; i++) {
            boolean offFirst = i % 2 == 0;
            Child.Result a = Child.run(offFirst ? off : on, CHILD_TIMEOUT).requireSuccess("StartupApp");
            Child.Result b = Child.run(offFirst ? on : off, CHILD_TIMEOUT).requireSuccess("StartupApp");
            offMs[i] = (offFirst ? a : b).millis();
            onMs[i] = (offFirst ? b : a).millis();
            Matcher premain = ACTIVE_IN.matcher((offFirst ? b : a).stderr());
            premainReported &= premain.find();
            premainMs[i] = premainReported ? Double.parseDouble(premain.group(1)) : 0;
        }
        put("startup.runs", String.valueOf(runs));
        putStats("startup.off", offMs);
        putStats("startup.agent", onMs);
        if (premainReported) {
            putStats("startup.premain", premainMs);
        }
        put("startup.command.off", String.join(" ", off));
        put("startup.command.agent", String.join(" ", on));
        log(String.format(Locale.ROOT, "  median %.0f ms without, %.0f ms with the agent", median(offMs),
                median(onMs)));
    }

    /** Transformer time per class: {@value #GENERATED_CLASSES} generated classes, half Serializable. */
    private void measureTransform() throws IOException {
        int runs = settings.profile().transformRuns;
        Path dir = settings.results().resolve("many-classes");
        int serializable = ClassGenerator.write(dir, GENERATED_CLASSES);
        log("transform time: " + runs + " runs of an app loading " + GENERATED_CLASSES + " generated classes ("
                + serializable + " Serializable), without and with the agent");
        String cp = classPath + java.io.File.pathSeparator + dir;
        List<String> off = List.of(Child.java(), "-cp", cp, ManyClassesApp.class.getName(),
                String.valueOf(GENERATED_CLASSES));
        List<String> on = List.of(Child.java(), "-javaagent:" + settings.agentJar() + "=convert=all,summary=true",
                "-cp", cp,
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
