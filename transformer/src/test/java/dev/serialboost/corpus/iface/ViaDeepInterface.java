package dev.serialboost.corpus.iface;

/** Serializable only through DeepMarker -> SerialMarker -> Serializable. */
public class ViaDeepInterface implements DeepMarker, Comparable<ViaDeepInterface> {
    private int id;
    private SerialMarker peer;

    public ViaDeepInterface(final int id, final SerialMarker peer) {
        this.id = id;
        this.peer = peer;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public int compareTo(final ViaDeepInterface o) {
        return Integer.compare(id, o.id);
    }
}
