package dev.serialboost.bench.run;

import dev.serialboost.bench.BenchJdk;
import dev.serialboost.bench.Child;
import dev.serialboost.bench.ClassPathApp;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Class loading at the scale of real applications: {@link ClassPathApp} loads every class of published libraries
 * ({@code bench/target/classpath-libs}) without the agent, with its default and with {@code convert=all}, in rounds
 * of one run each, the order rotating from round to round; medians of its own timing (the loads only) and of whole
 * processes, and the cost per class looked at: the median over the rounds of the difference to the run without the
 * agent of the same round (runs next to each other share the machine's state, which drifts). Recorded under
 * {@code classpath.*}.
 */
final class ClassLoadingMeasurement {

    /** {@link ClassPathApp}'s own timing of the loads. */
    private static final Pattern LOOKED_AT = Pattern.compile(
            "looked at (\\d+) classes \\((\\d+) loaded, (\\d+) failed\\) in ([0-9.]+) ms");

    private final RunSettings settings;
    private final RunRecord record;
    private final String classPath = System.getProperty("java.class.path");

    ClassLoadingMeasurement(final RunSettings settings, final RunRecord record) {
        this.settings = settings;
        this.record = record;
    }

    void measure(final BenchJdk jdk) throws IOException {
        Path libs = classPathLibs();
        List<String> jars = new ArrayList<>();
        if (libs != null) {
            try (Stream<Path> files = Files.list(libs)) {
                files.filter(f -> f.toString().endsWith(".jar")).sorted().forEach(f -> jars.add(f.toString()));
            }
        }
        if (jars.isEmpty()) {
            RunLog.print("class loading: no jars in " + libs + " (the bench build copies them there); not measured");
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
        RunLog.print("class loading on " + jdk.label() + ": " + runs + " rounds of ClassPathApp over "
                + String.join(", ", names) + " without the agent, with its default and with convert=all (one run each,"
                + " the order rotating)");
        Child.run(commands.get("off"), Child.TIMEOUT).requireSuccess("ClassPathApp (warm-up)");
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
            Collections.rotate(order, i);
            for (String k : order) {
                Child.Result r = Child.run(commands.get(k), Child.TIMEOUT).requireSuccess("ClassPathApp (" + k + ")");
                Matcher m = LOOKED_AT.matcher(r.stdout());
                if (!m.find()) {
                    throw new IllegalStateException("ClassPathApp printed no timing:\n" + r.stdout() + r.stderr());
                }
                classes = Long.parseLong(m.group(1));
                failed = Long.parseLong(m.group(3));
                load.get(k)[i] = Double.parseDouble(m.group(4));
                wall.get(k)[i] = r.millis();
                if (k.equals("converted")) {
                    Matcher summary = AgentOutputCheck.SUMMARY.matcher(r.stderr());
                    if (!summary.find() || !summary.group(3).equals("0")) {
                        throw new IllegalStateException("ClassPathApp with convert=all: no summary line or errors:\n"
                                + r.stderr());
                    }
                    record.put("classpath.converted", summary.group(1));
                }
            }
        }
        record.put("classpath.jars", String.join(",", names));
        record.put("classpath.classes", String.valueOf(classes));
        record.put("classpath.failed", String.valueOf(failed));
        record.put("classpath.runs", String.valueOf(runs));
        record.put("classpath.paired", "true");
        record.put("classpath.jdk", String.valueOf(jdk.feature()));
        double off = Statistics.median(load.get("off"));
        for (String k : commands.keySet()) {
            record.putStats("classpath.load." + k, load.get(k));
            record.putStats("classpath.wall." + k, wall.get(k));
            record.put("classpath.command." + k, String.join(" ", commands.get(k).subList(0, commands.get(k).size()
                    - jars.size())) + " <the jars>");
            if (!k.equals("off")) {
                double[] perClass = perClass(load.get(k), load.get("off"), classes);
                record.putNumber("classpath.perclass." + k, Statistics.median(perClass));
                record.putNumber("classpath.perclass.wall." + k,
                        Statistics.median(perClass(wall.get(k), wall.get("off"), classes)));
                String rounds = Arrays.stream(perClass).mapToObj(d -> String.format(Locale.ROOT, "%+.1f", d))
                        .collect(Collectors.joining(" "));
                RunLog.print(String.format(Locale.ROOT, "  %s: loads %.0f ms (without %.0f ms), %+.1f us per class"
                        + " looked at (median of the rounds' differences; per round: %s)", k,
                        Statistics.median(load.get(k)), off, Statistics.median(perClass), rounds));
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
            Path jar = Path.of(ClassLoadingMeasurement.class.getProtectionDomain().getCodeSource().getLocation()
                    .toURI());
            Path libs = jar.getParent().resolve("classpath-libs");
            return Files.isDirectory(libs) ? libs : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    private static List<String> concat(final List<String> a, final List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
