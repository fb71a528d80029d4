package dev.serialboost.it.safety;

import java.io.Serializable;

/** The class the JVM-wide filter rejects. */
public class Forbidden extends ForbiddenBase implements Serializable {
    private static final long serialVersionUID = 1L;

    static {
        Counters.forbiddenInitialized++;
    }

    String secret;

    public Forbidden(final String secret) {
        this.secret = secret;
    }
}
