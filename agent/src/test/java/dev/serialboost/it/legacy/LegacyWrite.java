package dev.serialboost.it.legacy;

import dev.serialboost.corpus.Fixture;
import dev.serialboost.it.CorpusDump;
import dev.serialboost.it.GraphDump;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Test app: writes object graphs to stream files in the layout of {@link LegacyFiles}. Started without the
 * agent it writes what a JVM without serialboost leaves behind (plain JDK streams); with the agent it writes
 * serialboost's format.
 *
 * <pre>
 * LegacyWrite OUT_DIR [--corpus=FILTER]... [--sample=CLASS[#METHOD]]... [--witnesses]
 * </pre>
 *
 * <ul>
 *   <li>{@code --corpus=FILTER}: every corpus fixture whose class name contains FILTER ({@code --corpus=} for
 *       all), its graph to {@code OUT_DIR/<fixture class>.ser};</li>
 *   <li>{@code --sample=CLASS#METHOD}: the public static no-argument METHOD of CLASS (default {@code sample}) to
 *       {@code OUT_DIR/<simple class name>-<METHOD>.ser}; a method declared to return {@code Object[]} gives one
 *       top-level object per element (journal style), any other one top-level object.</li>
 * </ul>
 *
 * Output, per stream, then the {@link LegacyFiles#WITNESS} properties when {@code --witnesses} is given:
 * <pre>
 * === LABEL
 * outcome: written N bytes            (or: write-failed|setup-failed CLASS: MESSAGE)
 * stream-flags: CLASS=0x02 ...        (each application class of the graph: its descriptor flags in the stream)
 * === witnesses
 * outcome: listed
 * witness NAME=VALUE
 * </pre>
 */
public final class LegacyWrite {

    private LegacyWrite() {
    }

    public static void main(final String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        boolean witnesses = false;
        StringBuilder out = new StringBuilder();
        for (String arg : Arrays.asList(args).subList(1, args.length)) {
            if (arg.startsWith("--corpus=")) {
                String filter = arg.substring("--corpus=".length());
                for (String fixture : CorpusDump.fixtureNames(filter.isEmpty() ? List.of() : List.of(filter))) {
                    writeFixture(dir, fixture, out);
                }
            } else if (arg.startsWith("--sample=")) {
                writeSample(dir, arg.substring("--sample=".length()), out);
            } else if (arg.equals("--witnesses")) {
                witnesses = true;
            } else {
                throw new IllegalArgumentException("unknown argument " + arg);
            }
        }
        if (witnesses) {
            out.append("=== witnesses\noutcome: listed\n");
            for (Map.Entry<String, String> e : LegacyFiles.witnesses().entrySet()) {
                out.append("witness ").append(e.getKey()).append('=').append(e.getValue()).append('\n');
            }
        }
        System.out.print(out);
        System.out.flush();
    }

    private static void writeFixture(final Path dir, final String name, final StringBuilder out) {
        List<Object> roots;
        try {
            Fixture fixture = (Fixture) Class.forName(name).getConstructor().newInstance();
            roots = List.of(fixture.get());
        } catch (Throwable e) {
            out.append("=== ").append(name).append("\noutcome: setup-failed ").append(LegacyRead.describe(e))
                    .append('\n');
            return;
        }
        write(dir, name, roots, out);
    }

    private static void writeSample(final Path dir, final String spec, final StringBuilder out) {
        int hash = spec.indexOf('#');
        String className = hash < 0 ? spec : spec.substring(0, hash);
        String methodName = hash < 0 ? "sample" : spec.substring(hash + 1);
        String label = className.substring(className.lastIndexOf('.') + 1) + "-" + methodName;
        List<Object> roots;
        try {
            Method method = Class.forName(className).getMethod(methodName);
            Object value = method.invoke(null);
            roots = method.getReturnType() == Object[].class ? Arrays.asList((Object[]) value) : List.of(value);
        } catch (Throwable e) {
            out.append("=== ").append(label).append("\noutcome: setup-failed ").append(LegacyRead.describe(e))
                    .append('\n');
            return;
        }
        write(dir, label, roots, out);
    }

    private static void write(final Path dir, final String label, final List<Object> roots, final StringBuilder out) {
        out.append("=== ").append(label).append('\n');
        byte[] bytes;
        try {
            bytes = LegacyFiles.write(roots);
            Files.write(dir.resolve(label + ".ser"), bytes);
        } catch (Throwable e) {
            out.append("outcome: write-failed ").append(LegacyRead.describe(e)).append('\n');
            return;
        }
        out.append("outcome: written ").append(bytes.length).append(" bytes\n");
        GraphDump dump = new GraphDump();
        dump.graph(new ArrayList<>(roots));
        out.append(LegacyRead.streamFlags(bytes, dump)).append('\n');
    }
}
