package dev.serialboost.bench.report;

import dev.serialboost.bench.Workload;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/** "Serialized size": the bytes each column wrote per workload and pattern, from the self-checks' size lines. */
final class SizesSection implements Section {

    @Override
    public void appendTo(final StringBuilder md, final RunResults results) {
        Properties run = results.record();
        md.append(Prose.render("sizes", "jdk", results.mainJdk())).append("\n\n");
        List<Column> columns = Arrays.stream(Column.values())
                .filter(c -> Arrays.stream(Workload.values()).anyMatch(w -> Pattern.STREAMS.stream()
                        .anyMatch(p -> run.getProperty(sizeKey(c, w, p)) != null))).toList();
        md.append("| workload | pattern |");
        for (Column c : columns) {
            md.append(' ').append(c.label).append(" |");
        }
        md.append("\n|---|---|").append("---:|".repeat(columns.size())).append('\n');
        for (Workload w : Workload.values()) {
            for (Pattern p : Pattern.STREAMS) {
                boolean any = false;
                StringBuilder row = new StringBuilder("| ").append(w).append(" | ").append(p.label).append(" |");
                for (Column c : columns) {
                    String v = run.getProperty(sizeKey(c, w, p));
                    any |= v != null;
                    row.append(' ').append(v == null ? "—" : bytes(Long.parseLong(v), p)).append(" |");
                }
                if (any) {
                    md.append(row).append('\n');
                }
            }
        }
        md.append('\n');
    }

    static String sizeKey(final Column c, final Workload w, final Pattern p) {
        String method = "write" + p.method;
        return switch (c) {
            case HANDWRITTEN -> "size.off.JdkStreamBenchmark." + method + "." + w + ".HANDWRITTEN";
            case KRYO -> "size.off.KryoBenchmark." + method + "." + w;
            case FORY -> "size.off.ForyBenchmark." + method + "." + w;
            default -> "size." + c.mode.id() + ".JdkStreamBenchmark." + method + "." + w + ".SERIALIZABLE";
        };
    }

    private static String bytes(final long n, final Pattern p) {
        if (p == Pattern.ONE) {
            return String.format(Locale.ROOT, "%,d", n);
        }
        return String.format(Locale.ROOT, "%,d (%,.0f/obj)", n, n / (double) Workload.BATCH);
    }
}
