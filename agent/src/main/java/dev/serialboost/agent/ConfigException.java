package dev.serialboost.agent;

/** A configuration problem; the message names where (file and line, or setting) and what is wrong. */
final class ConfigException extends Exception {
    private static final long serialVersionUID = 1L;

    ConfigException(final String message) {
        super(message, null, false, false);
    }
}
