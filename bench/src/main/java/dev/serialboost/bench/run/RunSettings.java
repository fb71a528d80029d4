package dev.serialboost.bench.run;

import dev.serialboost.bench.AgentMode;
import dev.serialboost.bench.BenchRunner;
import dev.serialboost.bench.BenchRunner.Profile;
import dev.serialboost.bench.Workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@link BenchRunner}'s command line, parsed once: what to run, how long, where the results and the page go.
 *
 * <p>The parser is hand-written, not jopt-simple (which JMH brings): jopt-simple accepts {@code --forks=3}, reads
 * {@code --} as the end of the options and collects other words as arguments where this command line refuses each
 * of them, words its errors otherwise ({@code fast is not a recognized option}), and keeps the values of
 * {@code --jdk} and {@code --jdks} apart where their order on the command line is the order of the run's JDKs.
 * Matching all of that would take more code than the parser. An error is an {@link IllegalArgumentException} whose
 * message {@link BenchRunner} prints before {@link #USAGE}.
 *
 * @param profile            {@code --profile}: the defaults of the timings and of the cost measurements
 * @param timing             JMH's forks and iterations: the profile's, each replaceable by its own option
 * @param agentJar           {@code --agent}, absolute
 * @param results            {@code --results}, absolute: {@code jmh.json}, {@code run.properties}, logs
 * @param docs               {@code --docs}, absolute; {@code null} for {@code --docs none} (no page written)
 * @param workloads          {@code --workloads}
 * @param methods            {@code --methods}: a regular expression over the benchmark methods' names
 * @param jdks               {@code --jdks} and {@code --jdk}, in command-line order; empty for the running JDK
 * @param modes              {@code --modes} on the first JDK: sorted, {@code off} included
 * @param otherJdkModes      {@code --other-jdk-modes} on every JDK after the first
 * @param reference          the reference rows (hand-written, Kryo, Fory) on the first JDK; off with
 *                           {@code --skip-reference}
 * @param skipCost           {@code --skip-cost}: no start-up, transform-time or class-loading measurement
 * @param reportOnly         {@code --report-only}: rewrite the page from {@code results}, run nothing
 * @param command            {@code --command}: the command the page names as its source
 * @param costOnly           {@code --cost-only}: only the cost measurements, written to {@code results}
 * @param classLoadingRounds {@code --class-loading-rounds}, else the profile's
 */
public record RunSettings(Profile profile, Timing timing, Path agentJar, Path results, Path docs,
                          List<Workload> workloads, String methods, List<String> jdks, List<AgentMode> modes,
                          List<AgentMode> otherJdkModes, boolean reference, boolean skipCost, boolean reportOnly,
                          String command, boolean costOnly, int classLoadingRounds) {

    /** What {@link BenchRunner} prints after an error in its command line. */
    public static final String USAGE = "usage: BenchRunner [--profile smoke|quick|full] [--jdks 17,21,25 | --jdk HOME"
            + " ...] [--modes M,...] [--other-jdk-modes M,...] [--agent JAR] [--results DIR] [--docs DIR|none]"
            + " [--workloads A,B] [--methods REGEX] [--forks N] [--warmup N] [--iterations N] [--iteration-ms N]"
            + " [--skip-reference] [--skip-cost] [--cost-only] [--report-only] [--class-loading-rounds N]"
            + " [--command TEXT]";

    /** Modes on every JDK after the first unless {@code --other-jdk-modes} says otherwise. */
    public static final List<AgentMode> OTHER_JDK_MODES = List.of(AgentMode.OFF, AgentMode.DEFAULT,
            AgentMode.CONVERTED);

    /** Parses {@code args}; throws {@link IllegalArgumentException} at the first argument it cannot take. */
    public static RunSettings parse(final String[] args) {
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
        Timing t = profile.timing();
        Timing timing = new Timing(forks == null ? t.forks() : forks, warmup == null ? t.warmupIterations() : warmup,
                iterationMillis == null ? t.warmupMillis() : iterationMillis,
                iterations == null ? t.iterations() : iterations,
                iterationMillis == null ? t.iterationMillis() : iterationMillis);
        return new RunSettings(profile, timing, agent.toAbsolutePath(), results.toAbsolutePath(),
                docs == null ? null : docs.toAbsolutePath(), workloads, methods, List.copyOf(jdks), modes,
                otherJdkModes, reference, skipCost, reportOnly, command, costOnly,
                classLoadingRounds == null ? profile.classLoadingRounds() : classLoadingRounds);
    }

    /** A list of mode ids: each once, sorted as {@link AgentMode} declares them; {@code off} is required. */
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
}
