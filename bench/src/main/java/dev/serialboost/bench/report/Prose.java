package dev.serialboost.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The page's prose: markdown templates in this module's resources, {@code report/NAME.md}, with placeholders
 * {@code {{name}}} for what the run measured. A template's text is its file (UTF-8) without the file's final line
 * break; the sections add the blank lines between blocks. Sections keep in Java only what they compute: tables, their
 * headings and labels, and short fragments put together from measured values.
 *
 * <p>Rendering is strict, so that a template and its section cannot drift apart unnoticed: every placeholder needs a
 * value, every value a placeholder, and a value is inserted as it is ({@code null} as {@code "null"}, as
 * {@link StringBuilder#append(Object)} writes it), never read for placeholders itself.
 */
final class Prose {

    /** A placeholder: {@code {{name}}}. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Za-z]+)}}");

    private Prose() {
    }

    /** The text of {@code report/NAME.md}, which has no placeholders. */
    static String text(final String name) {
        return render(name);
    }

    /**
     * The text of {@code report/NAME.md} with each placeholder replaced: {@code namesAndValues} alternates a
     * placeholder's name and its value.
     */
    static String render(final String name, final Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values of " + name + " do not pair up");
        }
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (values.put((String) namesAndValues[i], String.valueOf(namesAndValues[i + 1])) != null) {
                throw new IllegalArgumentException("two values for {{" + namesAndValues[i] + "}} of " + name);
            }
        }
        String template = load(name);
        Set<String> used = new HashSet<>();
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalStateException("no value for {{" + m.group(1) + "}} in " + path(name));
            }
            used.add(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        if (!used.equals(values.keySet())) {
            values.keySet().removeAll(used);
            throw new IllegalArgumentException(path(name) + " has no placeholder for " + values.keySet());
        }
        return out.toString();
    }

    private static String load(final String name) {
        try (InputStream in = Prose.class.getResourceAsStream("/" + path(name))) {
            if (in == null) {
                throw new IllegalStateException("no template " + path(name) + " on the class path");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path(name), e);
        }
    }

    private static String path(final String name) {
        return "report/" + name + ".md";
    }
}
