package dev.serialboost.agent.config;

/** A configuration problem; the message names where (file and line, or setting) and what is wrong. */
public final class ConfigException extends Exception {
    private static final long serialVersionUID = 1L;

    public ConfigException(final String message) {
        super(message, null, false, false);
    }
}
