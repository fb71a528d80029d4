package dev.serialboost.agent.cli;

import dev.serialboost.agent.StderrReport;
import dev.serialboost.agent.config.ClassGlob;
import dev.serialboost.agent.config.ConfigException;
import dev.serialboost.agent.config.ConfigFile;
import dev.serialboost.agent.config.ConvertMode;
import dev.serialboost.transformer.converted.ClassHierarchy;
import dev.serialboost.transformer.converted.ClassPolicy;
import dev.serialboost.transformer.converted.Decision;
import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.SkipReason;
import dev.serialboost.transformer.converted.TransformOptions;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * {@code java -jar serialboost-agent.jar scan [--config FILE] [--convert rules|all] [--json] [--write-rules FILE]
 * PATH...}: lists every serializable class found in jars, directories or class paths ({@code a.jar:classes}) with
 * the decision the agent would make under the given config and {@code convert} setting, and totals (one per path when
 * there are several), without running the application. The first line says which classes the agent converts at all,
 * as its start-up line does. {@code --write-rules FILE} writes a rules file that converts exactly the classes listed
 * as converted, whatever the agent's {@code convert} setting: one {@code include} rule per class, then
 * {@code exclude **}.
 */
public final class Scan {

    /** Reasons that mean "not serializable": not listed. */
    private static final List<SkipReason> NOT_LISTED = List.of(SkipReason.NOT_SERIALIZABLE, SkipReason.NOT_A_CLASS);

    private Scan() {
    }

    private static final String USAGE = "usage: java -jar serialboost-agent.jar scan [--config FILE]"
            + " [--convert rules|all] [--json] [--write-rules FILE] PATH... (PATH: a jar, a directory of classes, or a"
            + " class path; DIR/* for the jars in DIR)";

    /** A class file found, and the path (jar or directory, as given) it came from. */
    private record Found(Supplier<byte[]> bytes, String source) {
    }

    /** Counts of one path, or of all: classes scanned, and the serializable ones by outcome. */
    private static final class Totals {
        private int scanned;
        private int serializable;
        private int converted;
        private final Map<SkipReason, Integer> reasons = new EnumMap<>(SkipReason.class);

        void add(final Decision d) {
            serializable++;
            if (d.isConverted()) {
                converted++;
            } else {
                reasons.merge(d.reason(), 1, Integer::sum);
            }
        }

        int skipped() {
            return serializable - converted;
        }

        /** {@code N classes scanned, N serializable, N converted, N skipped (reason=N, ...)} */
        String text() {
            StringBuilder line = new StringBuilder().append(scanned).append(" classes scanned, ").append(serializable)
                    .append(" serializable, ").append(converted).append(" converted, ").append(skipped())
                    .append(" skipped");
            String sep = " (";
            for (Map.Entry<SkipReason, Integer> e : reasons.entrySet()) {
                line.append(sep).append(StderrReport.kebab(e.getKey())).append('=').append(e.getValue());
                sep = ", ";
            }
            return line.append(reasons.isEmpty() ? "" : ")").toString();
        }

        /** {@code "scanned":N,"serializable":N,"converted":N,"skipped":N,"reasons":{"reason":N,...}} */
        String json() {
            StringBuilder out = new StringBuilder("\"scanned\":").append(scanned).append(",\"serializable\":")
                    .append(serializable).append(",\"converted\":").append(converted).append(",\"skipped\":")
                    .append(skipped()).append(",\"reasons\":{");
            String sep = "";
            for (Map.Entry<SkipReason, Integer> e : reasons.entrySet()) {
                out.append(sep).append(quote(StderrReport.kebab(e.getKey()))).append(':').append(e.getValue());
                sep = ",";
            }
            return out.append('}').toString();
        }
    }

    /** Returns the process exit code: 0 done, 2 bad arguments or input. */
    public static int run(final List<String> args, final PrintStream out, final PrintStream err) {
        ConfigFile rules = null;
        ConvertMode convert = ConvertMode.RULES;
        boolean json = false;
        Path writeRules = null;
        List<Path> roots = new ArrayList<>();
        try {
            for (int i = 0; i < args.size(); i++) {
                switch (args.get(i)) {
                    case "--json" -> json = true;
                    case "--config" -> {
                        if (i + 1 >= args.size()) {
                            throw new ConfigException("--config needs a file");
                        }
                        rules = ConfigFile.read(Path.of(args.get(++i)));
                    }
                    case "--convert" -> {
                        if (i + 1 >= args.size()) {
                            throw new ConfigException("--convert needs rules or all");
                        }
                        convert = ConvertMode.of(args.get(++i), "--convert");
                    }
                    case "--write-rules" -> {
                        if (i + 1 >= args.size()) {
                            throw new ConfigException("--write-rules needs a file to write");
                        }
                        writeRules = Path.of(args.get(++i));
                    }
                    default -> {
                        for (String element : args.get(i).split(File.pathSeparator)) {
                            if (element.equals("*") || element.endsWith(File.separator + "*")) {
                                roots.addAll(jarsIn(Path.of(element.substring(0, element.length() - 1) + ".")));
                            } else if (!element.isEmpty()) {
                                roots.add(Path.of(element));
                            }
                        }
                    }
                }
            }
            if (roots.isEmpty()) {
                throw new ConfigException(USAGE);
            }
            Map<String, Found> classes = new TreeMap<>();
            Map<String, Totals> bySource = new LinkedHashMap<>();
            for (Path root : roots) {
                bySource.putIfAbsent(root.toString(), new Totals());
                collect(root, classes);
            }
            ClassPolicy policy = convert.policy(rules);
            ClassConverter transformer = new ClassConverter(TransformOptions.DEFAULTS.withPolicy(policy));
            ClassHierarchy hierarchy = transformer.newHierarchy(name -> {
                Found found = classes.get(name);
                return found == null ? null : found.bytes.get();
            });
            List<Decision> listed = new ArrayList<>();
            Map<String, String> sourceOf = new HashMap<>();
            Totals all = new Totals();
            all.scanned = classes.size();
            for (Map.Entry<String, Found> e : classes.entrySet()) {
                Totals source = bySource.get(e.getValue().source);
                source.scanned++;
                Decision d = transformer.decide(e.getKey().replace('/', '.'), hierarchy);
                if (d.isConverted() || !NOT_LISTED.contains(d.reason())) {
                    listed.add(d);
                    sourceOf.put(d.className(), e.getValue().source);
                    source.add(d);
                    all.add(d);
                }
            }
            String converting = convert.describe(rules);
            String written = writeRules == null ? null
                    : writeRules(writeRules, listed, policy, converting, bySource.keySet());
            if (json) {
                out.println(json(listed, sourceOf, all, bySource, convert, converting));
            } else {
                out.println("converting: " + converting + (convert.converts(rules) ? ""
                        : " (no include rule and no convert=all: the agent changes no class; see what --convert all"
                                + " or a --config file with include rules would convert)"));
                for (Decision d : listed) {
                    out.println(d);
                }
                if (bySource.size() > 1) {
                    for (Map.Entry<String, Totals> e : bySource.entrySet()) {
                        out.println("total in " + e.getKey() + ": " + e.getValue().text());
                    }
                }
                out.println("total: " + all.text());
            }
            if (written != null) {
                err.println("serialboost scan: " + written);
            }
            return 0;
        } catch (ConfigException e) {
            err.println("serialboost scan: " + e.getMessage());
            return 2;
        } catch (IOException | UncheckedIOException e) {
            err.println("serialboost scan: cannot read " + e.getMessage());
            return 2;
        }
    }

    /**
     * Writes the rules file of {@code --write-rules}: a comment saying how it was made and how to use it, one
     * {@code include} rule per converted class (with {@code bulk=off} where the scan's own config said so), then
     * {@code exclude **}, so that an agent given the file converts these classes and no other, with {@code convert}
     * at {@code rules} (the default) or {@code all}. Returns what to tell the user.
     */
    private static String writeRules(final Path file, final List<Decision> listed, final ClassPolicy policy,
                                      final String converting, final Collection<String> sources)
            throws ConfigException {
        List<String> lines = new ArrayList<>();
        lines.add("# serialboost rules written by 'scan --write-rules' (converting: " + converting + ") from:");
        for (String source : sources) {
            lines.add("#   " + source);
        }
        lines.add("# Converts exactly the classes that scan listed as converted, with convert=rules (the default) or");
        lines.add("# convert=all: one include rule per class, then 'exclude **' for every other class. Use it with");
        lines.add("#   -javaagent:serialboost-agent.jar=config=" + file);
        lines.add("# Rules after 'exclude **' never apply: add your own above it.");
        List<String> unwritable = new ArrayList<>();
        int includes = 0;
        for (Decision d : listed) {
            if (!d.isConverted()) {
                continue;
            }
            if (!expressible(d.className())) {
                unwritable.add(d.className());
                continue;
            }
            lines.add("include " + d.className() + (policy.optionsFor(d.className()).bulk() ? "" : " bulk=off"));
            includes++;
        }
        lines.add("exclude **");
        try {
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException("cannot write the rules file " + file + ": " + e);
        }
        return "wrote " + file + ": " + includes + (includes == 1 ? " include rule" : " include rules")
                + " and exclude **" + (includes > 0 || !unwritable.isEmpty() ? ""
                : " (no class would be converted: see what --convert all would convert)") + (unwritable.isEmpty() ? "" : "; left out " + unwritable.size()
                + " converted classes whose names a class pattern cannot state (allowed: Java identifier characters,"
                + " '.', '$'): " + String.join(", ", unwritable));
    }

    /** Whether a rule can name exactly this class: a glob without {@code *} that matches it. */
    private static boolean expressible(final String className) {
        if (className.indexOf('*') >= 0) {
            return false;
        }
        try {
            return ClassGlob.parse(className).matches(className);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static void collect(final Path root, final Map<String, Found> classes) throws IOException,
            ConfigException {
        String source = root.toString();
        if (Files.isDirectory(root)) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    String relative = root.relativize(file).toString().replace(File.separatorChar, '/');
                    if (isClass(relative)) {
                        classes.putIfAbsent(relative.substring(0, relative.length() - 6),
                                new Found(() -> read(file), source));
                    }
                }
            }
        } else if (Files.isRegularFile(root)) {
            try (JarFile jar = new JarFile(root.toFile())) {
                for (JarEntry entry : jar.stream().toList()) {
                    String name = entry.getName();
                    if (isClass(name) && !classes.containsKey(name.substring(0, name.length() - 6))) {
                        byte[] bytes;
                        try (InputStream in = jar.getInputStream(entry)) {
                            bytes = in.readAllBytes();
                        }
                        classes.put(name.substring(0, name.length() - 6), new Found(() -> bytes, source));
                    }
                }
            }
        } else {
            throw new ConfigException(root + " is neither a jar nor a directory");
        }
    }

    /** {@code DIR/*} as {@code java -cp} reads it: the jars directly in {@code DIR}, here in name order. */
    private static List<Path> jarsIn(final Path dir) throws IOException, ConfigException {
        if (!Files.isDirectory(dir)) {
            throw new ConfigException(dir.resolve("*") + ": " + dir + " is not a directory");
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".jar")
                    && Files.isRegularFile(f)).map(Path::normalize).sorted().toList();
        }
    }

    private static boolean isClass(final String path) {
        return path.endsWith(".class") && !path.startsWith("META-INF/") && !path.endsWith("module-info.class")
                && !path.endsWith("package-info.class");
    }

    private static byte[] read(final Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(file.toString(), e);
        }
    }

    private static String json(final List<Decision> listed, final Map<String, String> sourceOf, final Totals all,
                               final Map<String, Totals> bySource, final ConvertMode convert, final String converting) {
        StringBuilder out = new StringBuilder("{\"scanned\":").append(all.scanned).append(",\"classes\":[");
        for (int i = 0; i < listed.size(); i++) {
            Decision d = listed.get(i);
            out.append(i == 0 ? "" : ",").append("{\"name\":").append(quote(d.className()))
                    .append(",\"source\":").append(quote(sourceOf.get(d.className())))
                    .append(",\"converted\":").append(d.isConverted())
                    .append(",\"reason\":").append(d.isConverted() ? "null" : quote(StderrReport.kebab(d.reason())))
                    .append(",\"message\":").append(quote(d.toString()))
                    .append(",\"fields\":").append(d.fields().size())
                    .append(",\"bulk\":").append(d.bulk())
                    .append(",\"convertedSuperclass\":").append(d.convertedSuperclass() == null ? "null"
                            : quote(d.convertedSuperclass()))
                    .append(",\"notes\":[");
            for (int n = 0; n < d.notes().size(); n++) {
                out.append(n == 0 ? "" : ",").append(quote(d.notes().get(n)));
            }
            out.append("]}");
        }
        out.append("],\"convert\":").append(quote(convert.value())).append(",\"converting\":").append(quote(converting))
                .append(",\"totals\":{").append(all.json()).append("},\"sources\":[");
        String sep = "";
        for (Map.Entry<String, Totals> e : bySource.entrySet()) {
            out.append(sep).append("{\"path\":").append(quote(e.getKey())).append(',').append(e.getValue().json())
                    .append('}');
            sep = ",";
        }
        return out.append("],\"total\":").append(quote("total: " + all.text())).append('}').toString();
    }

    private static String quote(final String s) {
        StringBuilder q = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\t' -> q.append("\\t");
                default -> {
                    if (c < 0x20) {
                        q.append(String.format("\\u%04x", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
