package dev.serialboost.it.legacy.filters;

import dev.serialboost.it.legacy.LegacyFiles;

/**
 * Not serializable: plain JDK reading runs this constructor for every instance of a serializable subclass it
 * creates, so the witness property it sets shows that an instance was made.
 */
public class ForbiddenBase {
    public ForbiddenBase() {
        System.setProperty(LegacyFiles.WITNESS + getClass().getSimpleName() + ".instance", "created");
    }
}
