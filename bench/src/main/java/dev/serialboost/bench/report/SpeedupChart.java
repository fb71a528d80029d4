package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The page's chart, {@code benchmarks.png}: grouped bars, the round-trip speed-up over no agent per workload and
 * pattern, one bar per JDK for the agent's default, and the converted format with and without the engine on the first
 * JDK; on a log scale (XChart draws bars on a log axis only with an explicit minimum). The same results give the same
 * bytes on the same machine (fonts come from the JDK and the system).
 */
final class SpeedupChart {

    /** A series of bars: a column on one JDK. */
    private record Series(int jdk, Column column, String name, Color color) {
    }

    private SpeedupChart() {
    }

    /** Draws the chart of {@code results} into {@code png}. */
    static void write(final RunResults results, final Path png) throws IOException {
        Scores r = results.scores();
        int main = results.mainJdk();
        List<String> categories = new ArrayList<>();
        List<Workload> ws = new ArrayList<>();
        List<Pattern> ps = new ArrayList<>();
        for (Pattern p : Pattern.values()) {
            for (Workload w : Workload.values()) {
                if (r.jdks.stream().anyMatch(j -> r.get(j, Column.NO_AGENT, w, p, Op.ROUND_TRIP) != null)) {
                    categories.add(w + ", " + switch (p) {
                        case ONE -> "1/stream";
                        case THOUSAND -> "1,000/stream";
                        case RMI -> "RMI";
                        default -> p.label;
                    });
                    ws.add(w);
                    ps.add(p);
                }
            }
        }
        Map<String, List<Double>> series = new LinkedHashMap<>();
        List<Color> colors = new ArrayList<>();
        // light enough for the dark value labels drawn inside the bars
        Color[] blues = {new Color(0x6baed6), new Color(0x9ecae1), new Color(0xc6dbef), new Color(0xdeebf7)};
        int b = 0;
        double min = 1;
        List<Series> wanted = new ArrayList<>();
        for (int jdk : r.jdks) {
            wanted.add(new Series(jdk, Column.DEFAULT, "agent default, JDK " + jdk, blues[Math.min(b++, 3)]));
        }
        wanted.add(new Series(main, Column.CONVERTED, "convert=all + engine, JDK " + main, new Color(0xfd8d3c)));
        wanted.add(new Series(main, Column.CONVERTED_NO_ENGINE, "convert=all, engine=false, JDK " + main,
                new Color(0xfdd0a2)));
        for (Series want : wanted) {
            List<Double> values = new ArrayList<>();
            boolean any = false;
            for (int c = 0; c < categories.size(); c++) {
                Score s = r.speedup(want.jdk(), want.column(), ws.get(c), ps.get(c));
                values.add(s == null ? null : s.value());
                any |= s != null;
                min = s == null ? min : Math.min(min, s.value());
            }
            if (any) {
                series.put(want.name(), values);
                colors.add(want.color());
            }
        }
        CategoryChart chart = new CategoryChartBuilder().width(1400).height(720)
                .title("Round trip (write + read; RMI: the call): speed-up over no agent on the same JDK, same run")
                .xAxisTitle("workload, pattern")
                .yAxisTitle("times faster than the JDK without the agent (log scale)").build();
        CategoryStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Horizontal);
        styler.setYAxisLogarithmic(true);
        styler.setYAxisMin(Math.pow(10, Math.floor(Math.log10(min * 0.8))));
        styler.setYAxisDecimalPattern("0.##");
        styler.setXAxisLabelRotation(15);
        styler.setPlotGridVerticalLinesVisible(false);
        styler.setLabelsVisible(true);
        styler.setLabelsRotation(90);
        styler.setLabelsFontColorAutomaticEnabled(false);
        styler.setLabelsFontColor(Color.DARK_GRAY);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setDecimalPattern("0.00");
        if (!colors.isEmpty()) {
            styler.setSeriesColors(colors.toArray(new Color[0]));
        }
        for (Map.Entry<String, List<Double>> e : series.entrySet()) {
            chart.addSeries(e.getKey(), categories, e.getValue());
        }
        if (series.isEmpty()) {
            chart.addSeries("no data", List.of("none"), List.of(1.0));
        }
        // rendered in memory first: a chart XChart refuses to draw leaves no empty file behind
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(BitmapEncoder.getBufferedImage(chart), "png", bytes);
        Files.write(png, bytes.toByteArray());
    }
}
