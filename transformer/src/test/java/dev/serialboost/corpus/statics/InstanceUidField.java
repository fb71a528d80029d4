package dev.serialboost.corpus.statics;

import java.io.Serializable;

/**
 * An INSTANCE field named serialVersionUID: the JDK ignores it as a UID (computes one) and serializes it as
 * an ordinary field. serialboost leaves a class with such a field plain: CONFLICTING_MEMBER.
 */
public class InstanceUidField implements Serializable {
    private final long serialVersionUID;
    private String name;

    public InstanceUidField(final long serialVersionUID, final String name) {
        this.serialVersionUID = serialVersionUID;
        this.name = name;
    }
}
