package dev.serialboost.agent;

import dev.serialboost.transformer.ClassHierarchy;
import dev.serialboost.transformer.ClassPolicy;
import dev.serialboost.transformer.Decision;
import dev.serialboost.transformer.SerialboostTransformer;
import dev.serialboost.transformer.SkipReason;
import dev.serialboost.transformer.TransformOptions;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * {@code java -jar serialboost-agent.jar scan [--config FILE] [--convert rules|all] [--json] PATH...}: lists
 * every serializable class found in jars, directories or class paths ({@code a.jar:classes}) with the decision
 * the agent would make under the given config and {@code convert} setting, and a total, without running the
 * application. The first line says which classes the agent converts at all, as its start-up line does.
 */
final class Scan {

    /** Reasons that mean "not serializable": not listed. */
    private static final List<SkipReason> NOT_LISTED = List.of(SkipReason.NOT_SERIALIZABLE, SkipReason.NOT_A_CLASS);

    private Scan() {
    }

    private static final String USAGE = "usage: java -jar serialboost-agent.jar scan [--config FILE]"
            + " [--convert rules|all] [--json] PATH... (PATH: a jar, a directory of classes, or a class path)";

    /** Returns the process exit code: 0 done, 2 bad arguments or input. */
    static int run(final List<String> args, final PrintStream out, final PrintStream err) {
        ConfigFile rules = null;
        ConvertMode convert = ConvertMode.RULES;
        boolean json = false;
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
                    default -> {
                        for (String element : args.get(i).split(File.pathSeparator)) {
                            if (!element.isEmpty()) {
                                roots.add(Path.of(element));
                            }
                        }
                    }
                }
            }
            if (roots.isEmpty()) {
                throw new ConfigException(USAGE);
            }
            Map<String, Supplier<byte[]>> classes = new TreeMap<>();
            for (Path root : roots) {
                collect(root, classes);
            }
            ClassPolicy policy = convert.policy(rules);
            SerialboostTransformer transformer = new SerialboostTransformer(TransformOptions.DEFAULTS.withPolicy(policy));
            ClassHierarchy hierarchy = transformer.newHierarchy(name -> {
                Supplier<byte[]> bytes = classes.get(name);
                return bytes == null ? null : bytes.get();
            });
            List<Decision> listed = new ArrayList<>();
            for (String name : classes.keySet()) {
                Decision d = transformer.decide(name.replace('/', '.'), hierarchy);
                if (d.isConverted() || !NOT_LISTED.contains(d.reason())) {
                    listed.add(d);
                }
            }
            String converting = convert.describe(rules);
            if (json) {
                out.println(json(listed, classes.size(), convert, converting));
            } else {
                out.println("converting: " + converting + (convert.converts(rules) ? ""
                        : " (no include rule and no convert=all: the agent changes no class; see what --convert all"
                                + " or a --config file with include rules would convert)"));
                for (Decision d : listed) {
                    out.println(d);
                }
                out.println(total(listed, classes.size()));
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

    private static void collect(final Path root, final Map<String, Supplier<byte[]>> classes) throws IOException,
            ConfigException {
        if (Files.isDirectory(root)) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    String relative = root.relativize(file).toString().replace(File.separatorChar, '/');
                    if (isClass(relative)) {
                        classes.putIfAbsent(relative.substring(0, relative.length() - 6), () -> read(file));
                    }
                }
            }
        } else if (Files.isRegularFile(root)) {
            try (JarFile jar = new JarFile(root.toFile())) {
                for (JarEntry entry : jar.stream().toList()) {
                    if (isClass(entry.getName())) {
                        byte[] bytes;
                        try (InputStream in = jar.getInputStream(entry)) {
                            bytes = in.readAllBytes();
                        }
                        classes.putIfAbsent(entry.getName().substring(0, entry.getName().length() - 6), () -> bytes);
                    }
                }
            }
        } else {
            throw new ConfigException(root + " is neither a jar nor a directory");
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

    private static String total(final List<Decision> listed, final int scanned) {
        Map<SkipReason, Integer> reasons = new EnumMap<>(SkipReason.class);
        int converted = 0;
        for (Decision d : listed) {
            if (d.isConverted()) {
                converted++;
            } else {
                reasons.merge(d.reason(), 1, Integer::sum);
            }
        }
        StringBuilder line = new StringBuilder("total: ").append(scanned).append(" classes scanned, ")
                .append(listed.size()).append(" serializable, ").append(converted).append(" converted, ")
                .append(listed.size() - converted).append(" skipped");
        String sep = " (";
        for (Map.Entry<SkipReason, Integer> e : reasons.entrySet()) {
            line.append(sep).append(Report.kebab(e.getKey())).append('=').append(e.getValue());
            sep = ", ";
        }
        line.append(reasons.isEmpty() ? "" : ")");
        return line.toString();
    }

    private static String json(final List<Decision> listed, final int scanned, final ConvertMode convert,
                               final String converting) {
        StringBuilder out = new StringBuilder("{\"scanned\":").append(scanned).append(",\"classes\":[");
        for (int i = 0; i < listed.size(); i++) {
            Decision d = listed.get(i);
            out.append(i == 0 ? "" : ",").append("{\"name\":").append(quote(d.className()))
                    .append(",\"converted\":").append(d.isConverted())
                    .append(",\"reason\":").append(d.isConverted() ? "null" : quote(Report.kebab(d.reason())))
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
        return out.append("],\"convert\":").append(quote(convert.value())).append(",\"converting\":")
                .append(quote(converting)).append(",\"total\":").append(quote(total(listed, scanned))).append('}')
                .toString();
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
