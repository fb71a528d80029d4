package dev.serialboost.it.legacy.filters;

import dev.serialboost.it.legacy.LegacyFiles;

import java.io.Serializable;

/** Rejected by a per-stream filter; leaves witnesses when it is used. */
public class AlsoForbidden extends ForbiddenBase implements Serializable {
    private static final long serialVersionUID = 1L;

    static {
        System.setProperty(LegacyFiles.WITNESS + "AlsoForbidden.static-init", "ran");
    }

    int secret;
}
