package dev.serialboost.agent.config;

import dev.serialboost.transformer.converted.ClassOptions;
import dev.serialboost.transformer.converted.ClassPolicy;

import java.util.Locale;

/**
 * The {@code convert} setting: which classes get the converted format. Conversion is opt-in: by default only the
 * classes an {@code include} rule of the rules file names, so that without a rules file no class changes.
 * {@code exclude} rules exclude in both modes.
 */
public enum ConvertMode {

    /** {@code convert=rules} (the default): a class no rule names is not converted. */
    RULES,
    /** {@code convert=all}: a class no rule names is converted when eligible. */
    ALL;

    /** The setting's value as written. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param source where the value came from, for the message ({@code agent argument convert}, {@code --convert})
     * @throws ConfigException naming the source, the known values and the value given
     */
    public static ConvertMode of(final String value, final String source) throws ConfigException {
        for (ConvertMode mode : values()) {
            if (mode.value().equals(value.toLowerCase(Locale.ROOT))) {
                return mode;
            }
        }
        throw new ConfigException(source + " takes rules (convert only the classes an include rule names) or all"
                + " (convert every eligible class), not '" + value + "'");
    }

    /**
     * Whether this mode with these rules can convert any class at all; when not, the agent installs nothing for
     * the converted format.
     *
     * @param rules the rules file, or {@code null} for none
     */
    public boolean converts(final ConfigFile rules) {
        return this == ALL || rules != null && rules.includeCount() > 0;
    }

    /**
     * What the transformer asks for each class: the first matching rule, else converted when eligible
     * ({@code all}) or not converted ({@code rules}).
     *
     * @param rules the rules file, or {@code null} for none
     */
    public ClassPolicy policy(final ConfigFile rules) {
        if (rules != null) {
            return rules.withConvert(this);
        }
        if (this == ALL) {
            return ClassPolicy.DEFAULTS;
        }
        ClassOptions none = ClassOptions.notIncluded("no config file; convert=rules");
        return className -> none;
    }

    /**
     * The classes converted, for the start-up line and {@code scan}: {@code none}, {@code classes named by N
     * include rules}, {@code all eligible classes}[ {@code not excluded by a rule}].
     *
     * @param rules the rules file, or {@code null} for none
     */
    public String describe(final ConfigFile rules) {
        if (this == ALL) {
            return rules == null || rules.ruleCount() == rules.includeCount() ? "all eligible classes"
                    : "all eligible classes not excluded by a rule";
        }
        if (!converts(rules)) {
            return "none";
        }
        int n = rules.includeCount();
        return "classes named by " + n + (n == 1 ? " include rule" : " include rules");
    }
}
