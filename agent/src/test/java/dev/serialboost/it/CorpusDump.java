package dev.serialboost.it;

import dev.serialboost.corpus.Fixture;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Test app: runs every corpus fixture (every concrete subclass of {@link Fixture} in the corpus package) in this
 * JVM: builds its graph, round-trips it through plain {@link ObjectOutputStream}/{@link ObjectInputStream},
 * runs the fixture's own check on the copy and prints the stream's length and digest and a {@link GraphDump} of the
 * copy. Run with and without the agent, the two outputs must agree, apart from the {@code converted=} flags of
 * converted classes and the streams that hold them in serialboost's format.
 *
 * <pre>
 * === dev.serialboost.corpus.values.Fixtures$BoxesCase
 * outcome: round-trip                   (or: write-failed|read-failed|setup-failed CLASS: MESSAGE)
 * check: ok                             (or the fixture's message)
 * stream: 312 bytes, sha-256 5f1c...
 * root: #1
 * #1 dev.serialboost.corpus.values.Boxes
 *   ...
 * class dev.serialboost.corpus.values.Boxes uid=... externalizable=false converted=false
 * </pre>
 *
 * Arguments: {@code --graph-only} leaves out the stream and class lines (output then identical with and without
 * the agent); {@code --only=NAME} keeps the fixture class NAME; any other argument keeps the fixtures whose class
 * name contains it. Class names are filtered before any corpus class is loaded.
 */
public final class CorpusDump {

    static final String CORPUS = "dev/serialboost/corpus/";

    private CorpusDump() {
    }

    public static void main(final String[] args) throws Exception {
        boolean graphOnly = false;
        List<String> filters = new ArrayList<>();
        for (String a : args) {
            if (a.equals("--graph-only")) {
                graphOnly = true;
            } else {
                filters.add(a);
            }
        }
        List<String> fixtures = fixtures(filters);
        if (fixtures.isEmpty()) {
            throw new IllegalStateException("no corpus fixture found (filters " + filters + ")");
        }
        StringBuilder out = new StringBuilder();
        for (String name : fixtures) {
            run(name, graphOnly, out);
        }
        System.out.print(out);
        System.out.flush();
    }

    /**
     * The output {@link #main} prints for the fixtures whose class name matches {@code filters} (same filter
     * rules as the arguments of {@link #main}), for test apps that run part of the corpus after other work.
     */
    public static String dump(final List<String> filters, final boolean graphOnly) throws IOException,
            URISyntaxException, ClassNotFoundException {
        StringBuilder out = new StringBuilder();
        for (String name : fixtures(filters)) {
            run(name, graphOnly, out);
        }
        return out.toString();
    }

    /** The binary names of the corpus fixtures matching {@code filters}, sorted; classes are loaded, not initialised. */
    public static List<String> fixtureNames(final List<String> filters) throws IOException, URISyntaxException,
            ClassNotFoundException {
        return fixtures(filters);
    }

    private static void run(final String name, final boolean graphOnly, final StringBuilder out) {
        out.append("=== ").append(name).append('\n');
        Fixture fixture;
        Object root;
        try {
            fixture = (Fixture) Class.forName(name).getConstructor().newInstance();
            root = fixture.get();
        } catch (Throwable e) {
            out.append("outcome: setup-failed ").append(describe(e)).append('\n');
            return;
        }
        byte[] bytes;
        try {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            try (ObjectOutputStream oos = new ObjectOutputStream(buffer)) {
                oos.writeObject(root);
            }
            bytes = buffer.toByteArray();
        } catch (Throwable e) {
            failed("write-failed", e, root, graphOnly, out);
            return;
        }
        Object copy;
        try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            copy = ois.readObject();
        } catch (Throwable e) {
            failed("read-failed", e, root, graphOnly, out);
            return;
        }
        String check;
        try {
            check = fixture.apply(copy);
        } catch (Throwable e) {
            check = "the check threw " + describe(e);
        }
        out.append("outcome: round-trip\n");
        out.append("check: ").append(check == null ? "ok" : GraphDump.escape(check)).append('\n');
        if (!graphOnly) {
            out.append("stream: ").append(bytes.length).append(" bytes, sha-256 ").append(sha256(bytes)).append('\n');
        }
        GraphDump dump = new GraphDump();
        for (String line : dump.graph(copy)) {
            out.append(line).append('\n');
        }
        if (!graphOnly) {
            for (String line : dump.classLines()) {
                out.append(line).append('\n');
            }
        }
    }

    /** The outcome line, then the class lines of the original graph (what the stream would have held). */
    private static void failed(final String outcome, final Throwable e, final Object root, final boolean graphOnly,
                               final StringBuilder out) {
        out.append("outcome: ").append(outcome).append(' ').append(describe(e)).append('\n');
        if (!graphOnly) {
            GraphDump dump = new GraphDump();
            dump.graph(root);
            for (String line : dump.classLines()) {
                out.append(line).append('\n');
            }
        }
    }

    private static String sha256(final byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static String describe(final Throwable e) {
        return e.getClass().getName() + ": " + GraphDump.escape(String.valueOf(e.getMessage()));
    }

    /** Concrete {@link Fixture} subclasses in the corpus, sorted by name. */
    static List<String> fixtures(final List<String> filters) throws IOException, URISyntaxException,
            ClassNotFoundException {
        List<String> names = new ArrayList<>();
        for (String candidate : corpusClassNames()) {
            if (!filters.isEmpty() && filters.stream().noneMatch(f -> f.startsWith("--only=")
                    ? candidate.equals(f.substring("--only=".length())) : candidate.contains(f))) {
                continue;
            }
            Class<?> c = Class.forName(candidate, false, CorpusDump.class.getClassLoader());
            if (Fixture.class.isAssignableFrom(c) && c != Fixture.class && !Modifier.isAbstract(c.getModifiers())) {
                names.add(candidate);
            }
        }
        return names;
    }

    /** Binary names of the classes under the corpus package, from the jar or directory holding {@link Fixture}. */
    private static TreeSet<String> corpusClassNames() throws IOException, URISyntaxException {
        Path location = Path.of(Fixture.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        TreeSet<String> names = new TreeSet<>();
        if (Files.isDirectory(location)) {
            try (Stream<Path> files = Files.walk(location.resolve(CORPUS))) {
                files.map(p -> location.relativize(p).toString().replace('\\', '/')).forEach(p -> addClass(p, names));
            }
        } else {
            try (JarFile jar = new JarFile(location.toFile())) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    String entry = e.nextElement().getName();
                    if (entry.startsWith(CORPUS)) {
                        addClass(entry, names);
                    }
                }
            }
        }
        return names;
    }

    private static void addClass(final String path, final TreeSet<String> names) {
        if (path.endsWith(".class") && !path.endsWith("package-info.class") && !path.endsWith("module-info.class")) {
            names.add(path.substring(0, path.length() - ".class".length()).replace('/', '.'));
        }
    }
}
