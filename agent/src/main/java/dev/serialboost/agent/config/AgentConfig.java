package dev.serialboost.agent.config;

import dev.serialboost.transformer.converted.ClassPolicy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The agent's settings, resolved once at start-up. Each setting {@code NAME} is looked up, first found
 * wins, as: the agent argument {@code -javaagent:serialboost-agent.jar=NAME=value,...}, the system
 * property {@code serialboost.NAME}, the environment variable {@code SERIALBOOST_NAME} (upper case).
 * An unknown name in any of the three is an error, so that a typo never silently changes nothing.
 *
 * @param enabled      {@code enabled}: false switches the agent off entirely (default true)
 * @param rules        {@code config}: the per-class rules file, or {@code null} for none
 * @param configSource where {@code config} came from, for the start-up line
 * @param convert      {@code convert}: which classes get the converted format, {@code rules} (default: only
 *                     those an include rule names) or {@code all} (every eligible class no exclude rule names)
 * @param verbose      {@code verbose}: one stderr line per serializable class with its decision (default false)
 * @param summary      {@code summary}: a stderr line with counts by outcome when the JVM exits (default false)
 * @param dump         {@code dump}: a directory to write each converted class file to, for javap (default none)
 * @param engine       {@code engine}: the engine layer, patched {@code java.io} method bodies that make plain JDK
 *                     serialization faster with the same bytes on the wire (default true)
 * @param stats        {@code stats}: per-class and per-stream statistics, JFR events and a JMX MBean (default false;
 *                     the {@code stats} command switches them on in a running JVM)
 * @param filters      {@code record-classes}, {@code filter}, {@code filter-mode}: what is deserialized, recorded, and
 *                     the serialization filter made of it ({@link FilterSettings})
 */
public record AgentConfig(boolean enabled, ConfigFile rules, String configSource, ConvertMode convert, boolean verbose,
                   boolean summary, Path dump, boolean engine, boolean stats, FilterSettings filters) {

    /** Setting names, in the order the documentation lists them. */
    public static final List<String> SETTINGS = List.of("config", "convert", "enabled", "engine", "verbose", "summary", "dump",
            "stats", FilterSettings.RECORD_CLASSES, FilterSettings.FILTER, FilterSettings.FILTER_MODE);

    /** Settings as found, with where each came from. */
    private record Found(String value, String source) {
    }

    /**
     * @param agentArgs   the string after {@code =} in {@code -javaagent:}, may be null
     * @param properties  system properties
     * @param environment environment variables
     * @throws ConfigException naming the setting or file line and what is wrong
     */
    public static AgentConfig resolve(final String agentArgs, final Map<String, String> properties,
                               final Map<String, String> environment) throws ConfigException {
        Map<String, Found> found = new LinkedHashMap<>();
        collect(environment, "SERIALBOOST_", true, "environment variable ", found);
        collect(properties, "serialboost.", false, "system property ", found);
        if (agentArgs != null && !agentArgs.isBlank()) {
            for (String pair : agentArgs.split(",")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new ConfigException("agent argument '" + pair + "' is not NAME=value; known names: "
                            + String.join(", ", SETTINGS));
                }
                String name = pair.substring(0, eq).strip();
                requireKnown(name, "agent argument '" + name + "'");
                found.put(name, new Found(pair.substring(eq + 1).strip(), "agent argument " + name));
            }
        }

        boolean enabled = flag(found, "enabled", true);
        Found config = found.get("config");
        ConfigFile rules = null;
        if (config != null && enabled) {
            if (config.value.isEmpty()) {
                throw new ConfigException(config.source + " is empty; give the path of a rules file");
            }
            rules = ConfigFile.read(Path.of(config.value));
        }
        Found convert = found.get("convert");
        Found dump = found.get("dump");
        return new AgentConfig(enabled, rules, config == null ? "no config file" : config.value + " (" + config.source + ")",
                convert == null ? ConvertMode.RULES : ConvertMode.of(convert.value, convert.source),
                flag(found, "verbose", false), flag(found, "summary", false),
                dump == null || dump.value.isEmpty() ? null : Path.of(dump.value),
                flag(found, "engine", true), flag(found, "stats", false),
                FilterSettings.of(value(found, FilterSettings.RECORD_CLASSES), value(found, FilterSettings.FILTER),
                        value(found, FilterSettings.FILTER_MODE)));
    }

    /** The value of setting {@code name} and where it came from, {@code null} when not set. */
    private static String[] value(final Map<String, Found> found, final String name) {
        Found f = found.get(name);
        return f == null ? null : new String[] {f.value, f.source};
    }

    /**
     * Whether any class can be converted: {@code convert=all}, or a rules file with an include rule. When not,
     * the agent registers no class-file transformer and patches nothing for the converted format.
     */
    public boolean converts() {
        return convert.converts(rules);
    }

    /** What the transformer asks per class; see {@link ConvertMode#policy}. */
    public ClassPolicy policy() {
        return convert.policy(rules);
    }

    /** The classes converted, for the start-up line: {@code none}, {@code classes named by N include rules}, ... */
    public String converting() {
        return convert.describe(rules);
    }

    /** Settings from one source; {@code lowerCase}: names are upper case there ({@code SERIALBOOST_CONVERT}). */
    private static void collect(final Map<String, String> source, final String prefix, final boolean lowerCase,
                                final String kind, final Map<String, Found> found) throws ConfigException {
        for (Map.Entry<String, String> e : source.entrySet()) {
            if (e.getKey().startsWith(prefix)) {
                String name = e.getKey().substring(prefix.length());
                if (lowerCase) {
                    // SERIALBOOST_RECORD_CLASSES is record-classes: environment variables cannot hold a '-'
                    name = name.toLowerCase(Locale.ROOT).replace('_', '-');
                }
                requireKnown(name, kind + e.getKey());
                found.put(name, new Found(e.getValue(), kind + e.getKey()));
            }
        }
    }

    private static void requireKnown(final String name, final String where) throws ConfigException {
        if (!SETTINGS.contains(name)) {
            throw new ConfigException(where + " is not a serialboost setting; known settings: "
                    + String.join(", ", SETTINGS));
        }
    }

    private static boolean flag(final Map<String, Found> found, final String name, final boolean otherwise)
            throws ConfigException {
        Found f = found.get(name);
        if (f == null) {
            return otherwise;
        }
        return switch (f.value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new ConfigException(f.source + " takes true or false, not '" + f.value + "'");
        };
    }
}
