package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * The page {@code docs/benchmarks.md}: its title and introduction, the {@link Caveats}, the chart, then its
 * {@link #SECTIONS} in order.
 */
public final class BenchmarksPage {

    /** The page's file name. */
    static final String PAGE = "benchmarks.md";
    /** The chart's file name, next to the page. */
    static final String CHART = "benchmarks.png";
    /** The page's sections, in the page's order. */
    static final List<Section> SECTIONS = List.of(new HeadlineSection(), new TargetsSection(), new LayersSection(),
            new FrameworkStreamsSection(), new ClientsSection(), new TimesSection(), new HandWrittenSection(),
            new BulkBodySection(), new SizesSection(), new AllocationSection(), new CostSection(), new MethodSection(),
            new MachineSection());

    /** Small numbers in words, for the page's prose. */
    private static final String[] NUMBERS = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight",
        "nine", "ten", "eleven", "twelve"};

    private BenchmarksPage() {
    }

    /** Reads the results directory {@code results}, writes the page and the chart into {@code docs}. */
    public static List<Path> write(final Path results, final Path docs) throws IOException {
        RunResults run = RunResults.read(results);
        Files.createDirectories(docs);
        Path png = docs.resolve(CHART);
        SpeedupChart.write(run, png);
        Path page = docs.resolve(PAGE);
        Files.writeString(page, markdown(run, CHART), StandardCharsets.UTF_8);
        return List.of(page, png);
    }

    /** The page's markdown; {@code chart}: the chart's file name, next to the page. */
    static String markdown(final RunResults results, final String chart) {
        Scores r = results.scores();
        Properties run = results.record();
        StringBuilder md = new StringBuilder();
        String profile = run.getProperty("run.profile", "?");
        md.append(Prose.render("intro",
                "generatedBy", run.getProperty("run.command", "bench.sh"),
                "workloads", NUMBERS[Workload.values().length],
                "jdks", jdkList(r),
                "command", run.getProperty("run.command", "?"),
                "start", run.getProperty("run.start", "?"),
                "minutes", run.getProperty("run.minutes", "?"),
                "profileDescription", run.getProperty("run.profile.description", ""),
                "profile", profile,
                "shortMeasurements", "full".equals(profile) ? "" : Prose.text("short-measurements"),
                "caveats", Caveats.paragraphs(r, run),
                "chart", chart)).append("\n\n");
        for (Section section : SECTIONS) {
            section.appendTo(md, results);
        }
        return md.toString();
    }

    /** {@code JDK 17, JDK 21 and JDK 25}. */
    private static String jdkList(final Scores r) {
        List<String> labels = r.jdks.stream().map(j -> "JDK " + j).toList();
        if (labels.size() <= 1) {
            return labels.isEmpty() ? "no JDK" : labels.get(0);
        }
        return String.join(", ", labels.subList(0, labels.size() - 1)) + " and " + labels.get(labels.size() - 1);
    }
}
