package dev.serialboost.agent.config;

import java.util.regex.Pattern;

/**
 * A class-name pattern of the configuration file. Grammar, matched against binary names such as
 * {@code com.acme.Order$Line}:
 * <ul>
 *   <li>{@code *} matches any run of characters within one package segment (no {@code .});</li>
 *   <li>{@code **} matches any run of characters, dots included;</li>
 *   <li>every other character must be a Java identifier character, {@code .} or {@code $}, and matches itself.</li>
 * </ul>
 * Examples: {@code com.acme.**} (everything under com.acme), {@code com.acme.*Dto} (classes ending in Dto
 * directly in com.acme), {@code **} (every class).
 */
public final class ClassGlob {

    private final String text;
    /** {@code null} for a glob without {@code *}, which matches its own text only. */
    private final Pattern pattern;

    private ClassGlob(final String text, final Pattern pattern) {
        this.text = text;
        this.pattern = pattern;
    }

    /** @throws IllegalArgumentException with a sentence saying what is wrong with the glob */
    public static ClassGlob parse(final String glob) {
        if (glob.isEmpty()) {
            throw new IllegalArgumentException("empty class pattern");
        }
        if (glob.startsWith(".") || glob.endsWith(".") || glob.contains("..")) {
            throw new IllegalArgumentException("class pattern '" + glob + "' has an empty package segment");
        }
        if (glob.contains("***")) {
            throw new IllegalArgumentException("class pattern '" + glob + "' has '***'; use '*' or '**'");
        }
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*') {
                boolean deep = i + 1 < glob.length() && glob.charAt(i + 1) == '*';
                regex.append(deep ? ".*" : "[^.]*");
                i += deep ? 1 : 0;
            } else if (c == '.' || c == '$') {
                regex.append('\\').append(c);
            } else if (Character.isJavaIdentifierPart(c)) {
                regex.append(c);
            } else {
                throw new IllegalArgumentException("class pattern '" + glob + "' has the character '" + c
                        + "'; allowed are Java identifier characters, '.', '$', '*' and '**'");
            }
        }
        // a glob naming one class (thousands of them in a file scan --write-rules wrote) needs no regex
        return new ClassGlob(glob, glob.indexOf('*') < 0 ? null : Pattern.compile(regex.toString()));
    }

    public boolean matches(final String className) {
        return pattern == null ? text.equals(className) : pattern.matcher(className).matches();
    }

    /** The one class name this glob matches when it has no {@code *}, else {@code null}. */
    String literal() {
        return pattern == null ? text : null;
    }

    @Override
    public String toString() {
        return text;
    }
}
