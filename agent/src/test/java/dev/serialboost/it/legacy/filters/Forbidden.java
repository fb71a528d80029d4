package dev.serialboost.it.legacy.filters;

import dev.serialboost.it.legacy.LegacyFiles;

import java.io.Serializable;

/** Rejected by the JVM-wide filter ({@code -Djdk.serialFilter=!...Forbidden}); leaves witnesses when it is used. */
public class Forbidden extends ForbiddenBase implements Serializable {
    private static final long serialVersionUID = 1L;

    static {
        System.setProperty(LegacyFiles.WITNESS + "Forbidden.static-init", "ran");
    }

    int secret;
}
