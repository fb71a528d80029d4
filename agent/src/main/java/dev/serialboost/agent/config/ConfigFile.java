package dev.serialboost.agent.config;

import dev.serialboost.transformer.converted.ClassOptions;
import dev.serialboost.transformer.converted.ClassPolicy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-class rules file. One rule a line, in order; the first rule whose pattern matches a class
 * decides for it; a class no rule matches is not converted ({@code convert=rules}, the default), or converted
 * when eligible ({@code convert=all}, see {@link #withConvert}). {@code #} starts a comment.
 *
 * <pre>
 * # keep the legacy DTOs plain, convert the rest of com.acme
 * exclude com.acme.legacy.**
 * include com.acme.Session bulk=off
 * include com.acme.**
 * </pre>
 *
 * A rule is {@code include} or {@code exclude}, a {@link ClassGlob}, then options (include only), of which there is
 * one:
 * <ul>
 *   <li>{@code bulk=off}: write all-primitive class levels field by field instead of as one record
 *       ({@code bulk=on} is the default).</li>
 * </ul>
 */
public final class ConfigFile implements ClassPolicy {

    /** Options an include rule may carry, as written in the file. */
    static final List<String> OPTIONS = List.of("bulk");
    /** An option of earlier versions, refused with what to do instead. */
    private static final String RETIRED = "run-constructor";

    private record Rule(ClassGlob glob, ClassOptions options) {
    }

    private final Path path;
    private final List<Rule> rules;
    /** What a class no rule matches gets. */
    private final ClassOptions unmatched;
    /**
     * Rules without {@code *} by the one name they match, to the first such rule's index: a file that
     * {@code scan --write-rules} wrote names thousands of classes one by one, and trying each pattern for every class
     * that loads would cost start-up time.
     */
    private final Map<String, Integer> exact = new HashMap<>();
    /** Indexes of the rules with a {@code *}, in order. */
    private final int[] patterns;

    private ConfigFile(final Path path, final List<Rule> rules, final ClassOptions unmatched) {
        this.path = path;
        this.rules = List.copyOf(rules);
        this.unmatched = unmatched;
        List<Integer> withStars = new ArrayList<>();
        for (int i = 0; i < this.rules.size(); i++) {
            String literal = this.rules.get(i).glob.literal();
            if (literal == null) {
                withStars.add(i);
            } else {
                exact.putIfAbsent(literal, i);
            }
        }
        this.patterns = new int[withStars.size()];
        for (int i = 0; i < patterns.length; i++) {
            patterns[i] = withStars.get(i);
        }
    }

    /** @throws ConfigException naming the file, the line and the problem */
    public static ConfigFile read(final Path path) throws ConfigException {
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException("config file " + path + " does not exist");
        } catch (IOException e) {
            throw new ConfigException("config file " + path + " cannot be read: " + e);
        }
        return parse(path, lines);
    }

    public static ConfigFile parse(final Path path, final List<String> lines) throws ConfigException {
        List<Rule> rules = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.get(n - 1);
            int hash = line.indexOf('#');
            String content = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (content.isEmpty()) {
                continue;
            }
            String where = path + " line " + n;
            String[] words = content.split("\\s+");
            boolean include;
            switch (words[0]) {
                case "include" -> include = true;
                case "exclude" -> include = false;
                default -> throw new ConfigException(where + ": unknown rule '" + words[0]
                        + "'; a rule starts with 'include' or 'exclude'");
            }
            if (words.length < 2) {
                throw new ConfigException(where + ": '" + words[0] + "' needs a class pattern, e.g. com.acme.**");
            }
            ClassGlob glob;
            try {
                glob = ClassGlob.parse(words[1]);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(where + ": " + e.getMessage());
            }
            ClassOptions options = ClassOptions.DEFAULT.withIncluded(include).withOrigin(where);
            for (int w = 2; w < words.length; w++) {
                options = option(options, words[w], include, where);
            }
            rules.add(new Rule(glob, options));
        }
        return new ConfigFile(path, rules, unmatched(path, ConvertMode.RULES));
    }

    /** These rules, with a class no rule matches converted when eligible ({@code all}) or not ({@code rules}). */
    ConfigFile withConvert(final ConvertMode mode) {
        return new ConfigFile(path, rules, unmatched(path, mode));
    }

    private static ClassOptions unmatched(final Path path, final ConvertMode mode) {
        return mode == ConvertMode.ALL ? ClassOptions.DEFAULT
                : ClassOptions.notIncluded("no rule of " + path + " matches it; convert=rules");
    }

    private static ClassOptions option(final ClassOptions options, final String word, final boolean include,
                                       final String where) throws ConfigException {
        int eq = word.indexOf('=');
        String key = eq < 0 ? word : word.substring(0, eq);
        String value = eq < 0 ? "true" : word.substring(eq + 1);
        if (key.equals(RETIRED)) {
            throw new ConfigException(where + ": option '" + RETIRED + "' is retired: a converted class is now created"
                    + " on read as plain JDK creates it, whatever its constructor does; remove the option");
        }
        if (!OPTIONS.contains(key)) {
            throw new ConfigException(where + ": unknown option '" + key + "'; known options: " + String.join(", ", OPTIONS));
        }
        if (!include) {
            throw new ConfigException(where + ": option '" + key + "' only makes sense on an include rule");
        }
        boolean on = switch (value) {
            case "true", "on" -> true;
            case "false", "off" -> false;
            default -> throw new ConfigException(where + ": option '" + key + "' takes on or off, not '" + value + "'");
        };
        return options.withBulk(on);
    }

    @Override
    public ClassOptions optionsFor(final String className) {
        // the first matching rule: the exact rule for this name, unless a pattern rule before it matches
        Integer first = exact.get(className);
        int end = first == null ? rules.size() : first;
        for (int i : patterns) {
            if (i >= end) {
                break;
            }
            if (rules.get(i).glob.matches(className)) {
                return rules.get(i).options;
            }
        }
        return first == null ? unmatched : rules.get(first).options;
    }

    int ruleCount() {
        return rules.size();
    }

    int includeCount() {
        return (int) rules.stream().filter(r -> r.options.included()).count();
    }

    public Path path() {
        return path;
    }
}
