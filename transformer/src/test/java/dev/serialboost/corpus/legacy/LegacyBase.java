package dev.serialboost.corpus.legacy;

/** Not serializable; its public no-arg constructor runs on read. */
public class LegacyBase {
    protected int baseMarker;

    public LegacyBase() {
        baseMarker = 51;
    }

    public LegacyBase(final int baseMarker) {
        this.baseMarker = baseMarker;
    }
}
