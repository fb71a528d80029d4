package dev.serialboost.corpus.iface;

/** Serializable two interface levels down. */
public interface DeepMarker extends SerialMarker {
}
