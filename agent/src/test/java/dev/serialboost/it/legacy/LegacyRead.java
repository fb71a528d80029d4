package dev.serialboost.it.legacy;

import dev.serialboost.corpus.Fixture;
import dev.serialboost.it.CorpusDump;
import dev.serialboost.it.GraphDump;
import dev.serialboost.it.StreamFlags;

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Test app: reads stream files in the layout of {@link LegacyFiles} and prints a {@link GraphDump} of what it
 * read, in the block format of {@code CorpusDump} so that the tests parse both the same way. Run without the
 * agent it gives the truth (plain JDK reading); with the agent the output must be the same apart from the
 * {@code converted=} flags of converted classes (and the stream flags of what this JVM rewrote).
 *
 * <pre>
 * LegacyRead [--rewrite] [--witnesses] [--prefix=P] [--filter=SPEC] [--roundtrip=FILTER] PATH...
 * </pre>
 *
 * <ul>
 *   <li>PATH: a {@code .ser} file, or a directory: its {@code .ser} files sorted by name. The label of a file is
 *       its name without {@code .ser}, after the current {@code --prefix};</li>
 *   <li>{@code --filter=SPEC}: the files after it are read with their own stream filter
 *       {@code ObjectInputFilter.Config.createFilter(SPEC)}; {@code --filter=} goes back to the JVM-wide one;</li>
 *   <li>{@code --rewrite}: after reading a file, write what was read to a new stream in this JVM (serialboost's
 *       format when the agent runs) and read that back, printed as a second block {@code LABEL rewritten};</li>
 *   <li>{@code --roundtrip=FILTER}: after the files, the corpus fixtures matching FILTER as {@code CorpusDump}
 *       prints them (a round trip in this JVM's own format);</li>
 *   <li>{@code --witnesses}: at the end, the {@link LegacyFiles#WITNESS} system properties set by test classes.</li>
 * </ul>
 *
 * <pre>
 * === LABEL
 * outcome: read                       (or: read-failed CLASS: MESSAGE)
 * check: ok                           (corpus fixtures only: the fixture's own check on what was read; the
 *                                     fixture's graph is built in this JVM first, as its check expects)
 * root: #1                            (the GraphDump; several top-level objects are dumped as one Object[])
 * ...
 * stream-flags: CLASS=0x02 ...        (descriptor flags of each application class in the stream read)
 * class CLASS uid=UID externalizable=BOOL converted=BOOL
 * </pre>
 *
 * When what was read cannot even be dumped (a broken object), the graph is a single {@code dump-failed} line.
 */
public final class LegacyRead {

    private static final String CORPUS = "dev.serialboost.corpus.";

    private LegacyRead() {
    }

    public static void main(final String[] args) throws Exception {
        boolean rewrite = false;
        boolean witnesses = false;
        String prefix = "";
        ObjectInputFilter filter = null;
        List<String> roundtrip = new ArrayList<>();
        for (String arg : args) {
            if (arg.equals("--rewrite")) {
                rewrite = true;
            } else if (arg.equals("--witnesses")) {
                witnesses = true;
            } else if (arg.startsWith("--prefix=")) {
                prefix = arg.substring("--prefix=".length());
            } else if (arg.startsWith("--filter=")) {
                String spec = arg.substring("--filter=".length());
                filter = spec.isEmpty() ? null : ObjectInputFilter.Config.createFilter(spec);
            } else if (arg.startsWith("--roundtrip=")) {
                roundtrip.add(arg.substring("--roundtrip=".length()));
            } else if (arg.startsWith("--")) {
                throw new IllegalArgumentException("unknown option " + arg);
            } else {
                for (Path file : files(Path.of(arg))) {
                    String name = file.getFileName().toString();
                    String label = prefix + name.substring(0, name.length() - ".ser".length());
                    System.out.print(blocks(label, Files.readAllBytes(file), filter, rewrite));
                }
            }
        }
        if (!roundtrip.isEmpty()) {
            System.out.print(CorpusDump.dump(roundtrip, false));
        }
        if (witnesses) {
            StringBuilder out = new StringBuilder("=== witnesses\noutcome: listed\n");
            for (Map.Entry<String, String> e : LegacyFiles.witnesses().entrySet()) {
                out.append("witness ").append(e.getKey()).append('=').append(e.getValue()).append('\n');
            }
            System.out.print(out);
        }
        System.out.flush();
    }

    /** The block of one stream (and of its rewritten copy when {@code rewrite}). */
    public static String blocks(final String label, final byte[] stream, final ObjectInputFilter filter,
                                final boolean rewrite) {
        StringBuilder out = new StringBuilder();
        Fixture fixture = null;
        String fixtureClass = label.substring(label.lastIndexOf('/') + 1);
        if (fixtureClass.startsWith(CORPUS)) {
            // the fixture's check was written for the JVM that built the graph (counters, registries): build it here
            // too, then read the stream that another JVM wrote
            try {
                fixture = (Fixture) Class.forName(fixtureClass).getConstructor().newInstance();
                fixture.get();
            } catch (Throwable e) {
                out.append("=== ").append(label).append("\noutcome: setup-failed ").append(describe(e)).append('\n');
                return out.toString();
            }
        }
        out.append("=== ").append(label).append('\n');
        List<Object> roots = body(stream, filter, fixture, out);
        if (rewrite && roots != null) {
            out.append("=== ").append(label).append(" rewritten\n");
            byte[] again;
            try {
                again = LegacyFiles.write(roots);
            } catch (Throwable e) {
                out.append("outcome: write-failed ").append(describe(e)).append('\n');
                return out.toString();
            }
            body(again, filter, fixture, out);
        }
        return out.toString();
    }

    private static List<Object> body(final byte[] stream, final ObjectInputFilter filter, final Fixture fixture,
                                     final StringBuilder out) {
        List<Object> roots;
        try {
            roots = LegacyFiles.read(stream, filter);
        } catch (Throwable e) {
            out.append("outcome: read-failed ").append(describe(e)).append('\n');
            return null;
        }
        out.append("outcome: read\n");
        if (fixture != null && roots.size() == 1) {
            out.append("check: ").append(check(fixture, roots.get(0))).append('\n');
        }
        GraphDump dump = new GraphDump();
        try {
            for (String line : dump.graph(roots.size() == 1 ? roots.get(0) : roots.toArray())) {
                out.append(line).append('\n');
            }
        } catch (Throwable e) {
            // what was read is broken (a JDK collection without its elements, say): say so, and carry on
            out.append("dump-failed ").append(describe(e)).append('\n');
            return roots;
        }
        out.append(streamFlags(stream, dump)).append('\n');
        for (String line : dump.classLines()) {
            out.append(line).append('\n');
        }
        return roots;
    }

    private static String check(final Fixture fixture, final Object copy) {
        try {
            String message = fixture.apply(copy);
            return message == null ? "ok" : GraphDump.escape(message);
        } catch (Throwable e) {
            return "the check threw " + describe(e);
        }
    }

    /** {@code stream-flags: A=0x02 B=0x05}: the descriptor flags of each class of {@code dump} in {@code stream}. */
    static String streamFlags(final byte[] stream, final GraphDump dump) {
        StringBuilder line = new StringBuilder("stream-flags:");
        for (String classLine : dump.classLines()) {
            String name = classLine.substring("class ".length(), classLine.indexOf(" uid="));
            line.append(' ').append(name).append('=').append(StreamFlags.flags(stream, name));
        }
        return line.toString();
    }

    static String describe(final Throwable e) {
        return e.getClass().getName() + ": " + GraphDump.escape(String.valueOf(e.getMessage()));
    }

    private static List<Path> files(final Path path) throws IOException {
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try (Stream<Path> files = Files.list(path)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".ser")).sorted().toList();
        }
    }
}
