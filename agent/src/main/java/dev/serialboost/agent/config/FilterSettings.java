package dev.serialboost.agent.config;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The settings that turn what a JVM deserializes into the serialization filter that protects it ({@code
 * docs/filters.md}).
 *
 * @param recordClasses {@code record-classes}: the file the classes deserialized and the largest values a filter was
 *                      handed are written to, as the JVM runs and at exit (default none)
 * @param filter        {@code filter}: a file holding a {@code jdk.serialFilter} pattern, installed as (or merged
 *                      into) the JVM-wide filter when the JDK sets its filters up (default none)
 * @param reportOnly    {@code filter-mode}: {@code enforce} (the default) installs the pattern; {@code report} rejects
 *                      nothing and says on stderr, once per class, what the pattern would have rejected
 */
public record FilterSettings(Path recordClasses, Path filter, boolean reportOnly) {

    public static final String RECORD_CLASSES = "record-classes";
    public static final String FILTER = "filter";
    public static final String FILTER_MODE = "filter-mode";

    /** None of it. */
    public static final FilterSettings NONE = new FilterSettings(null, null, false);

    /** From the values found ({value, where from}, or null when not set). */
    static FilterSettings of(final String[] record, final String[] filter, final String[] mode)
            throws ConfigException {
        boolean report = false;
        if (mode != null) {
            switch (mode[0].toLowerCase(Locale.ROOT)) {
                case "enforce" -> report = false;
                case "report" -> report = true;
                default -> throw new ConfigException(mode[1] + " takes enforce or report, not '" + mode[0] + "'");
            }
            if (filter == null) {
                throw new ConfigException(mode[1] + " is set but no filter file is (" + FILTER + "=FILE)");
            }
        }
        return new FilterSettings(path(record), path(filter), report);
    }

    private static Path path(final String[] setting) throws ConfigException {
        if (setting == null) {
            return null;
        }
        if (setting[0].isEmpty()) {
            throw new ConfigException(setting[1] + " is empty; give the path of a file");
        }
        return Path.of(setting[0]);
    }
}
