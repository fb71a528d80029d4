package dev.serialboost.transformer.converted;

/** Maps a class to the options the configuration gives it. Implementations must be thread-safe. */
@FunctionalInterface
public interface ClassPolicy {

    /** Every class gets {@link ClassOptions#DEFAULT}. */
    ClassPolicy DEFAULTS = className -> ClassOptions.DEFAULT;

    /**
     * @param className the binary class name with dots, e.g. {@code com.acme.Order$Line}
     */
    ClassOptions optionsFor(String className);
}
